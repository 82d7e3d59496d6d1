/**
 * Team plans: what the meta-router answers for a request (docs/router.md, plans), as JSON a model
 * can be trained to write —
 *
 *   {"thought": "…", "topology": "single" | "swarm" | "peers",
 *    "manager_role": "Editor" | null, "workers": ["Writer", …]}
 *
 * `single` is one agent (no manager; its one role in `workers`), `swarm` an orchestrator (the
 * manager) over workers, `peers` agents with no manager: the router's topologies and the runs'
 * plan modes, one vocabulary (trace/events.ts). Plans written before it say `centralized` and
 * `decentralized`, which are read as `swarm` and `peers`.
 *
 * A plan from a model or a file is untrusted: `readTeamPlan` holds it to the schema and names the
 * first field that breaks it, so the error can be shown to the model that wrote it.
 */
import * as v from 'valibot';
import { KIND_IDS, type KindId, scenarioKinds } from '../scenarios/registry';
import type { TeamRoles } from '../scenarios/types';
import { OLD_TOPOLOGY_WORDS, TOPOLOGIES, type TopologyWord, topologyOf } from '../trace/events';
import type { TeamPlanRecord } from '../trace/header';
import type { Topology, Workflow } from './choice';

export type TeamPlan = TeamPlanRecord;

/** At most this many workers: the swarm's own limit on parallel subagents. */
export const maxWorkers = 100;

const role = v.pipe(
  v.string('a role is a string'),
  v.trim(),
  v.minLength(1, 'a role may not be empty'),
  v.maxLength(60, 'a role is at most 60 characters'),
  v.regex(/^[\p{L}\p{N}][\p{L}\p{N} _-]*$/u, 'a role is a name: letters, digits, spaces, - and _'),
);

export const teamPlanSchema = v.pipe(
  v.strictObject(
    {
      thought: v.pipe(
        v.string('thought is a string'),
        v.trim(),
        v.minLength(1, 'thought may not be empty'),
        v.maxLength(2000, 'thought is at most 2000 characters'),
      ),
      topology: v.pipe(
        v.picklist(
          [...TOPOLOGIES, ...Object.keys(OLD_TOPOLOGY_WORDS)],
          `topology is one of ${TOPOLOGIES.join(', ')}`,
        ),
        v.transform((word) => topologyOf(word) as TopologyWord),
      ),
      manager_role: v.nullable(role),
      workers: v.pipe(
        v.array(role, 'workers is a list of roles'),
        v.minLength(1, 'workers names at least one role'),
        v.maxLength(maxWorkers, `workers names at most ${maxWorkers} roles`),
      ),
    },
    'a plan has exactly thought, topology, manager_role and workers',
  ),
  v.check(
    (p) => (p.topology === 'swarm') === (p.manager_role !== null),
    'manager_role: a role for a swarm plan (its orchestrator), null otherwise',
  ),
  v.check((p) => p.topology !== 'single' || p.workers.length === 1, 'workers: a single plan has exactly one'),
  v.check(
    (p) => p.topology !== 'peers' || p.workers.length >= 2,
    'workers: a peers plan has at least two peers',
  ),
);

export type PlanReading =
  | { readonly ok: true; readonly plan: TeamPlan }
  | { readonly ok: false; readonly field: string; readonly message: string };

/** A plan held to the schema, or the first problem with the field it is in. */
export function readTeamPlan(value: unknown): PlanReading {
  const result = v.safeParse(teamPlanSchema, value);
  if (result.success) return { ok: true, plan: result.output };
  const issue = result.issues[0];
  const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
  const field = path || fieldOf(issue.message);
  const named = field === '' || issue.message.startsWith(`${field}:`);
  return { ok: false, field, message: named ? issue.message : `${field}: ${issue.message}` };
}

/** A plan from text a model wrote: JSON (a fenced block is unwrapped), then the schema. */
export function parseTeamPlan(text: string): PlanReading {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text);
  const body = (fenced?.[1] ?? text).trim();
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    return { ok: false, field: '', message: `not JSON: ${(error as Error).message}` };
  }
  return readTeamPlan(json);
}

// A check on the whole object has no path: the field it is about is the first one it names.
function fieldOf(message: string): string {
  return /^(manager_role|workers|topology|thought):/.exec(message)?.[1] ?? '';
}

/**
 * The roles each workflow's team is made of (the scenario's own kinds of subtask): the manager
 * who splits and merges, the workers in the order the work needs them, the role a single agent
 * plays, and the peers of a decentralized team.
 */
export type WorkflowRoles = TeamRoles;

/** Each workflow's team is its kind's own (ScenarioKind.roles). */
export const workflowRoles: Readonly<Record<Workflow, WorkflowRoles>> = Object.fromEntries(
  KIND_IDS.map((k) => [k, scenarioKinds[k].roles]),
) as Record<KindId, WorkflowRoles>;

/** The team a topology makes for a workflow, with the reason given as the plan's thought. */
export function teamFor(topology: Topology, workflow: Workflow, thought: string): TeamPlan {
  const roles = workflowRoles[workflow];
  const planned = topology;
  return {
    thought,
    topology: planned,
    manager_role: planned === 'swarm' ? roles.manager : null,
    workers: [...(planned === 'single' ? [roles.single] : planned === 'swarm' ? roles.workers : roles.peers)],
  };
}

/** How complex a plan is, for "as simple as still solves it": agents first, then the formation. */
export function planComplexity(plan: TeamPlan): number {
  const formation = { single: 0, peers: 1, swarm: 2 }[plan.topology];
  return (plan.workers.length + (plan.manager_role === null ? 0 : 1)) * 3 + formation;
}

/**
 * The policy that runs each topology: one agent, the list-scheduling orchestrator, or peers. The
 * one map from a plan to a run, for the CLI's `route --run` and the page's Router view.
 */
export const policyForPlan: Readonly<Record<Topology, 'serial' | 'heuristic' | 'peers'>> = {
  single: 'serial',
  swarm: 'heuristic',
  peers: 'peers',
};

/**
 * The policy that runs each topology on the user's own request, with a real model: the swarm's
 * orchestrator is the model itself (`llm`), which decomposes the request among the plan's roles.
 * The page's Router and `swarm route --run --provider openai` take it from here.
 */
export const ownRequestPolicy: Readonly<Record<Topology, 'serial' | 'llm' | 'peers'>> = {
  single: 'serial',
  swarm: 'llm',
  peers: 'peers',
};

/**
 * What runs a plan for a workflow: the scenario file of that workflow (its id is the workflow's
 * name under scenarios/) and the policy of the plan's formation. Every workflow is a kind, the
 * general one included, so every plan has one.
 */
export function executionOf(
  plan: TeamPlan,
  workflow: Workflow,
): { readonly scenario: string; readonly policy: string } {
  return { scenario: workflow, policy: policyForPlan[plan.topology] };
}
