/**
 * What the model orchestrator reads and may call before the task is split (issue 41, item 2): the
 * tool `plan_run(mode, shard?, replicas?)`, the system prompt that explains it, and the task as a
 * plan sees it — kind, units of work, engines, budget, how hard it looks and what it allows to be
 * cut — in words for a model, with the same facts as a JSON block that the simulated orchestrator
 * reads, as the status of each decision is shown (protocol.ts).
 */

import type { ToolRegistry } from '../../agents/tools';
import { textOf } from '../../providers/content';
import type { ChatMessage } from '../../providers/types';
import type { PlanQuestion } from '../types';
import { definitionOnly } from './protocol';

/** The plan tool's name: its call is the plan decision of the policy port (PlanDecision). */
export const PLAN_TOOL = 'plan_run';

/** The modes a model names: `solo` is the port's `single`. Peers have no orchestrator to plan. */
export type PlanModeWord = 'solo' | 'swarm';

/** The task as the plan turn shows it, as plain JSON (no Infinity: null is "none"). */
export interface PlanFacts {
  readonly kind: string;
  /** Units of work: rows, hops, questions, functions, sections. */
  readonly units: number;
  /** Model engines every agent shares; null: one each. */
  readonly engines: number | null;
  /** The critical-steps budget; null: none. */
  readonly maxCriticalSteps: number | null;
  /** How hard the task looks on reading it, 0…1 (0: no cue). */
  readonly difficultyCue: number;
  /** The modes plan_run may choose. */
  readonly modes: readonly PlanModeWord[];
  /** Units per shard, the kind's own and the most; null: the task is not cut into shards. */
  readonly shard: { readonly default: number; readonly max: number } | null;
  /** The most replicas per part; null: its parts' answers cannot vote. */
  readonly replicas: { readonly max: number } | null;
}

const finite = (n: number): number | null => (Number.isFinite(n) ? n : null);

export function planFacts(question: PlanQuestion): PlanFacts {
  const { view } = question;
  const modes = (['solo', 'swarm'] as const).filter((m) =>
    question.modes.includes(m === 'solo' ? 'single' : 'swarm'),
  );
  return {
    kind: view.kind,
    units: view.size,
    engines: finite(view.engines),
    maxCriticalSteps: finite(view.maxCriticalSteps),
    difficultyCue: Math.round(view.difficultyCue * 100) / 100,
    modes,
    shard: view.cuts?.shard ? { default: view.cuts.shard.default, max: view.cuts.shard.max } : null,
    replicas: view.cuts?.vote ? { max: question.maxReplicas } : null,
  };
}

/** The plan tool; `modes` are those the task allows (the schema's enum refuses any other). */
export function planTools(modes: readonly PlanModeWord[]): ToolRegistry {
  return {
    [PLAN_TOOL]: definitionOnly(
      PLAN_TOOL,
      'Choose how the task runs, before it is split: solo (one subagent, the whole task) or a swarm (its work items on subagents at once), and how a swarm is cut.',
      {
        type: 'object',
        properties: {
          mode: { type: 'string', enum: [...modes], description: 'solo or swarm.' },
          shard: {
            type: 'integer',
            description: 'Swarm only, where the task allows shards: units of work per subagent.',
          },
          replicas: {
            type: 'integer',
            description:
              'Swarm only, where the answers can vote: subagents that do each work item, their answers voting (1: no vote).',
          },
        },
        required: ['mode'],
      },
    ),
  };
}

export function planSystemPrompt(maxTurns: number): string {
  return [
    'You are the orchestrator of a swarm of subagents. Before the task is split into work items, you choose how it runs, with one call of plan_run(mode, shard, replicas).',
    'mode "solo": one subagent does the whole task in one context; cheap to run, but every unit of work waits for the one before. mode "swarm": the task is split into its work items, which you will then give to subagents that run at the same time.',
    "A swarm's shard, where the task allows one, is how many units of work go to one subagent: larger shards mean fewer subagents, each with a fuller context. Its replicas, where the answers can vote, run every work item that many times and take the answer most of them gave: more reliable on a hard task, paid for in tokens and model engines. Leave both out to run the task's own plan.",
    `A call the task does not allow is answered with what was wrong; after ${maxTurns} replies without a valid plan, the task runs as its own swarm.`,
  ].join('\n');
}

const JSON_FENCE = /```json\n([\s\S]*?)\n```/;

/** The user message of the plan turn: the facts in words, then as JSON. */
export function planMessage(facts: PlanFacts): string {
  const lines = [
    `Plan the run before the task is split: a ${facts.kind} task of ${facts.units} units of work.`,
    facts.engines === null
      ? 'Engines: every agent has a model engine of its own.'
      : `Engines: ${facts.engines} model engine(s) serve all agents; agents beyond that wait their turn.`,
    facts.maxCriticalSteps === null
      ? 'Budget: no critical-steps budget.'
      : `Budget: ${facts.maxCriticalSteps} critical steps.`,
  ];
  if (facts.difficultyCue > 0)
    lines.push(`On reading it, it looks ${facts.difficultyCue} hard on a scale of 0 (easy) to 1 (hard).`);
  lines.push(`Modes: ${facts.modes.join(' or ')}.`);
  lines.push(
    facts.shard
      ? `Shards: a swarm may give 1 to ${facts.shard.max} units of work to one subagent (its own plan: ${facts.shard.default}).`
      : `Shards: a ${facts.kind} task is not cut into shards (only its own parts run).`,
  );
  lines.push(
    facts.replicas
      ? `Replicas: a swarm may run each part as 1 to ${facts.replicas.max} replicas whose answers vote.`
      : `Replicas: a ${facts.kind} task's answers cannot vote, so its parts run once.`,
  );
  lines.push('```json', JSON.stringify(facts), '```');
  return lines.join('\n');
}

/** The plan facts of the conversation's plan message (the simulated orchestrator reads them). */
export function latestPlanFacts(messages: readonly ChatMessage[]): PlanFacts | undefined {
  for (const m of messages) {
    if (m.role !== 'user') continue;
    const match = JSON_FENCE.exec(textOf(m.content));
    if (!match) continue;
    try {
      const facts = JSON.parse(match[1] as string) as Partial<PlanFacts>;
      if (typeof facts.units === 'number' && Array.isArray(facts.modes)) return facts as PlanFacts;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
