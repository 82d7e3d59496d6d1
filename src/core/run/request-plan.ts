/**
 * A user's own request, run by a team (docs/router.md, "Your own request"). The Router plans a team
 * for a request (router/plan.ts: the workers in the order the work needs them, a manager for a
 * swarm, peers); with a real model the run is that team working on that request, not on the
 * scenario's sample instance. The plan is made from the roles alone, so the same request and team
 * give the same graph on every thread:
 *
 * - `single`: one task, the whole request, for the single role.
 * - `swarm`: the roles are stages, in order. Consecutive equal roles are one stage of that many
 *   parts in parallel. When no role repeats, the stage that does the bulk of the work (the middle
 *   one, or the first of two) is split into `parts` parts. The last stage, when it is one task,
 *   merges what came before it into the answer; otherwise the manager adds a merge task.
 * - `peers`: each peer answers the whole request (round 1), then the first peer, having read them
 *   all, writes the team's one answer (round 2): peers with a spokesperson.
 *
 * The orchestrator (the `llm` policy) decomposes the request: its assign_task prompt tells each
 * part what to do, and reaches the subagent after the part's own words (subagent.ts, briefed).
 * No reference answer exists, so a run is graded on completion only (requestGrade).
 */

import { MAX_PARTS, MAX_REQUEST_CHARS, type OwnRequest } from '../scenarios/own-request';
import type { Plan, PlanMode, PlannedTask, TeamRoles } from '../scenarios/types';
import type { Grade } from '../trace/events';

export type { OwnRequest };
export { MAX_PARTS, MAX_REQUEST_CHARS };

export const DEFAULT_PARTS = 3;

/** The simulated provider plays subtasks by their descriptor; no player knows this one. */
export const OWN_REQUEST_DESCRIPTOR = 'own-request';

/** A planned task of an own request, with the role that does it. */
export interface RoledTask extends PlannedTask {
  readonly role: string;
  /** The part in a line, without the request: what the orchestrator's list of items shows. */
  readonly part: string;
}

interface Stage {
  readonly role: string;
  readonly width: number;
}

/** The stages a swarm's workers make (see the file's comment). */
export function stagesOf(workers: readonly string[], parts: number): Stage[] {
  const stages: { role: string; width: number }[] = [];
  for (const role of workers) {
    const last = stages.at(-1);
    if (last && last.role === role) last.width++;
    else stages.push({ role, width: 1 });
  }
  if (stages.every((s) => s.width === 1)) {
    const bulk = stages.length <= 2 ? 0 : Math.floor((stages.length - 1) / 2);
    (stages[bulk] as { width: number }).width = parts;
  }
  return stages;
}

/** `Continuity Editor` → `continuity-editor`; a role with no Latin letters or digits → `role2`. */
export function slugOf(role: string, index: number): string {
  const slug = role
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? `role${index + 1}` : slug;
}

const quoted = (text: string) => `The user's request:\n"""\n${text.trim()}\n"""`;

function withInputs(prompt: string, inputs: ReadonlyMap<string, string>): string {
  if (inputs.size === 0) return prompt;
  const work = [...inputs].map(([id, answer]) => `[${id}]\n${answer.trim()}`).join('\n\n');
  return `${prompt}\n\nYour teammates' work so far:\n\n${work}`;
}

function task(id: string, role: string, deps: readonly string[], text: string, part: string): RoledTask {
  const ask = `${quoted(text)}\n\n${part} ${LANGUAGE}`;
  return {
    id,
    deps,
    role,
    part,
    estimatedSteps: 1,
    subtask: (inputs) => ({
      id,
      prompt: withInputs(ask, inputs),
      descriptor: { kind: OWN_REQUEST_DESCRIPTOR, task: id, role },
    }),
  };
}

const LANGUAGE = "Answer in the request's own language.";

/** The plan of an own request in `mode`, with `roles` (the scenario kind's) where it names none. */
export function requestPlan(request: OwnRequest, mode: PlanMode, roles: TeamRoles): Plan {
  const text = request.text;
  if (mode === 'single') {
    const role = request.workers?.[0] ?? roles.single;
    return {
      mode,
      tasks: [task('answer', role, [], text, `You are the ${role}. Answer it completely.`)],
    };
  }
  if (mode === 'peers') {
    const peers = (request.workers?.length ?? 0) >= 2 ? (request.workers as readonly string[]) : roles.peers;
    const ids = peers.map((_, p) => `r1-peer-${String.fromCharCode(97 + p)}`);
    const first = peers.map((role, p) =>
      task(
        ids[p] as string,
        role,
        [],
        text,
        `You are ${role}, one of ${peers.length} peers answering it with no one in charge (the others: ${peers.filter((_, q) => q !== p).join(', ')}). Give your own complete answer.`,
      ),
    );
    const spokesperson = peers[0] as string;
    const joint = task(
      'r2-peer-a',
      spokesperson,
      ids,
      text,
      `You are ${spokesperson}. Every peer has answered it (below). Write the team's one answer: take the best of each, settle where they disagree, and leave out repetition.`,
    );
    return { mode, tasks: [...first, joint] };
  }
  const workers = request.workers && request.workers.length > 0 ? request.workers : roles.workers;
  const parts = Math.min(MAX_PARTS, Math.max(1, request.parts ?? DEFAULT_PARTS));
  const stages = stagesOf(workers, parts);
  const tasks: RoledTask[] = [];
  let before: string[] = [];
  const team = workers.filter((r, i) => workers.indexOf(r) === i).join(', ');
  // A role can come back in a later stage ([Writer, Editor, Writer]); ids stay unique.
  const used = new Set(['merge']);
  stages.forEach((stage, s) => {
    const base = slugOf(stage.role, s);
    const slug = used.has(base) ? `${base}-stage${s + 1}` : base;
    used.add(slug);
    const ids =
      stage.width === 1 ? [slug] : Array.from({ length: stage.width }, (_, i) => `${slug}-${i + 1}`);
    const last = s === stages.length - 1;
    const merges = last && stage.width === 1 && stages.length > 1;
    ids.forEach((id, i) => {
      const doing = merges
        ? "Combine your teammates' work below into one complete answer to the request: the answer the user will read. Keep what is right, settle contradictions and leave out repetition."
        : stage.width > 1
          ? `Do part ${i + 1} of ${stage.width} of the work. The orchestrator's note below says which part; without one, take the ${ordinal(i + 1)} of ${stage.width} natural parts.`
          : s === 0
            ? `Plan the work: split the request into the parts the ${stages[s + 1]?.role ?? 'team'}s will do, one numbered line each.`
            : 'Do your share of the work, building on what your teammates did.';
      tasks.push(
        task(id, stage.role, before, text, `You are the ${stage.role} in a team of ${team}. ${doing}`),
      );
    });
    before = ids;
  });
  const sink = stages.at(-1) as Stage;
  if (sink.width > 1 || stages.length === 1) {
    const manager = request.manager ?? roles.manager;
    tasks.push(
      task(
        'merge',
        manager,
        before,
        text,
        `You are the ${manager}, who leads a team of ${team}. Merge their work below into one complete answer to the request: the answer the user will read. Keep what is right, settle contradictions and leave out repetition.`,
      ),
    );
  }
  return { mode, tasks };
}

function ordinal(n: number): string {
  return n === 1 ? 'first' : n === 2 ? 'second' : n === 3 ? 'third' : `${n}th`;
}

/**
 * An own request has no reference answer: its grade is completion. The run succeeds when the task
 * that answers the user did; the F1 fields are the share of tasks that answered.
 */
export function requestGrade(plan: Plan, answers: ReadonlyMap<string, string>): Grade {
  const answered = plan.tasks.filter((t) => (answers.get(t.id) ?? '').trim() !== '').length;
  const share = plan.tasks.length === 0 ? 0 : answered / plan.tasks.length;
  const sink = plan.tasks.at(-1);
  const success = sink !== undefined && (answers.get(sink.id) ?? '').trim() !== '';
  return { 'pass@1': success ? 1 : 0, itemF1: share, rowF1: share, success };
}
