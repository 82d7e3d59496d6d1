/**
 * How deep-search is split. `single`: one agent holds every question in one context. `swarm`: each
 * question becomes a chain of hop tasks, q1-hop1 → q1-hop2 → …, each told the entity the previous
 * hop found; the chains of different questions run in parallel.
 *
 * No parallel candidate checks: in the simulator a hop goes wrong by one misread, and a second agent
 * re-reading the same page only helps through a vote of three or more reads, which triples the
 * searches and puts a join turn per hop on the critical path. Nor does a chain get an agent per hop
 * up front: its tasks run one after another, so list scheduling reuses one subagent for them.
 */

import type { Subtask } from '../../agents/loop';
import type { EntityKind } from '../../world/types';
import type { Plan, PlanMode, PlannedTask } from '../types';
import type { DeepSearchInstance } from './generate';
import { RELATIONS, type Relation } from './relations';

/** The one-agent subtask: every question, start entity and links to follow. */
export interface ChainDescriptor {
  readonly kind: 'deep-chain';
  readonly questions: readonly {
    readonly index: number;
    readonly start: string;
    readonly startKind: EntityKind;
    readonly relations: readonly Relation[];
  }[];
}

/** One hop of one question: follow `relation` from `entity`; null when the previous hop found nothing. */
export interface HopDescriptor {
  readonly kind: 'deep-hop';
  readonly question: number;
  /** From 1. */
  readonly hop: number;
  readonly hops: number;
  readonly entity: string | null;
  readonly relation: Relation;
}

/**
 * Turns a hop costs the player: one to search, one to open; the page is read in the turn that
 * issues the next search (or gives the answer), so a chain of h hops takes 2h + 1 turns.
 */
export const STEPS_PER_HOP = 2;

export const SOLVE_TASK = 'solve';
export const hopTaskId = (question: number, hop: number): string => `q${question}-hop${hop}`;

/** What a hop answer says as an entity for the next hop: null for nothing or "unknown". */
export function entityFromAnswer(answer: string | undefined): string | null {
  const text = (answer ?? '').replace(/\s+/g, ' ').trim();
  return text === '' || text.toLowerCase() === 'unknown' ? null : text;
}

export function planDeepSearch(instance: DeepSearchInstance, mode: PlanMode): Plan {
  if (mode === 'single') {
    const descriptor: ChainDescriptor = {
      kind: 'deep-chain',
      questions: instance.questions.map((q) => ({
        index: q.index,
        start: q.chain[0]!.name,
        startKind: q.chain[0]!.kind,
        relations: q.relations,
      })),
    };
    const hops = instance.questions.reduce((n, q) => n + q.relations.length, 0);
    const task: PlannedTask = {
      id: SOLVE_TASK,
      deps: [],
      estimatedSteps: STEPS_PER_HOP * hops + 1,
      subtask: () => ({ id: SOLVE_TASK, prompt: instance.prompt, descriptor }),
    };
    return { mode, tasks: [task] };
  }
  const tasks: PlannedTask[] = [];
  for (const q of instance.questions) {
    const start = q.chain[0]!.name;
    q.relations.forEach((relation, i) => {
      const hop = i + 1;
      const id = hopTaskId(q.index, hop);
      const prev = hop > 1 ? hopTaskId(q.index, hop - 1) : undefined;
      tasks.push({
        id,
        deps: prev ? [prev] : [],
        estimatedSteps: STEPS_PER_HOP + 1,
        subtask: (inputs): Subtask => {
          const entity = prev ? entityFromAnswer(inputs.get(prev)) : start;
          const descriptor: HopDescriptor = {
            kind: 'deep-hop',
            question: q.index,
            hop,
            hops: q.relations.length,
            entity,
            relation,
          };
          return { id, prompt: hopPrompt(descriptor), descriptor };
        },
      });
    });
  }
  return { mode, tasks };
}

function hopPrompt(d: HopDescriptor): string {
  const { from, to } = RELATIONS[d.relation];
  if (d.entity === null) {
    return `Step ${d.hop} of ${d.hops}: the previous step did not find the ${from} to start from, so it is unknown. Reply "unknown".`;
  }
  const ask = RELATIONS[d.relation].ask(`the ${from} ${d.entity}`);
  return `Step ${d.hop} of ${d.hops}: find ${ask}. Search for it, open its page and read the answer there. Reply with the name of the ${to} only.`;
}
