/**
 * How a general request is split. `single`: one assistant writes the whole briefing. `swarm`: an
 * assistant per topic, then the coordinator merges their parts into one answer. `peers`: each
 * peer writes the whole briefing, then the first, having read them all, writes the team's answer
 * (the shape request-plan.ts gives a user's own request, so the sample is graded as one is).
 */

import type { Plan, PlanMode, PlannedTask } from '../types';
import { type GeneralInstance, requestText } from './briefing';

export const PART = 'general-part';
export const MERGE = 'general-merge';
export const SINGLE = 'general-single';
/** The descriptor kinds its players answer (player.ts). */
export const GENERAL_KINDS = [PART, MERGE, SINGLE] as const;

// As many as the kind's peers roles (index.ts).
export const PEERS = 2;

type Brief = Pick<GeneralInstance, 'subject' | 'audience'>;

export type GeneralDescriptor =
  | { readonly kind: typeof PART; readonly brief: Brief; readonly topic: readonly [string, string] }
  | {
      readonly kind: typeof MERGE;
      readonly brief: Brief;
      readonly parts: readonly string[];
      readonly team: boolean;
    }
  | {
      readonly kind: typeof SINGLE;
      readonly brief: Brief;
      readonly topics: readonly (readonly [string, string])[];
    };

const briefOf = (i: GeneralInstance): Brief => ({ subject: i.subject, audience: i.audience });

function writeAll(id: string, instance: GeneralInstance, deps: readonly string[] = []): PlannedTask {
  return {
    id,
    deps,
    estimatedSteps: 1,
    subtask: () => ({
      id,
      prompt: `${requestText(instance)} Answer it completely.`,
      descriptor: {
        kind: SINGLE,
        brief: briefOf(instance),
        topics: instance.topics,
      } satisfies GeneralDescriptor,
    }),
  };
}

function merge(id: string, instance: GeneralInstance, deps: readonly string[], team: boolean): PlannedTask {
  return {
    id,
    deps,
    estimatedSteps: 1,
    subtask: (inputs) => {
      const parts = deps.flatMap((d) => inputs.get(d) ?? []);
      return {
        id,
        prompt: `${requestText(instance)} Merge your teammates' work into one answer:\n\n${parts.join('\n\n')}`,
        descriptor: { kind: MERGE, brief: briefOf(instance), parts, team } satisfies GeneralDescriptor,
      };
    },
  };
}

export function planGeneral(instance: GeneralInstance, mode: PlanMode): Plan {
  if (mode === 'single') return { mode, tasks: [writeAll('answer', instance)] };
  if (mode === 'peers') {
    const ids = Array.from({ length: PEERS }, (_, p) => `r1-peer-${String.fromCharCode(97 + p)}`);
    return {
      mode,
      tasks: [...ids.map((id) => writeAll(id, instance)), merge('r2-peer-a', instance, ids, true)],
    };
  }
  const parts: PlannedTask[] = instance.topics.map((topic, i) => {
    const id = `part-${i + 1}`;
    return {
      id,
      deps: [],
      estimatedSteps: 1,
      subtask: () => ({
        id,
        prompt: `${requestText(instance)} Write the part on ${topic[0]} only.`,
        descriptor: { kind: PART, brief: briefOf(instance), topic } satisfies GeneralDescriptor,
      }),
    };
  });
  return {
    mode,
    tasks: [
      ...parts,
      merge(
        'merge',
        instance,
        parts.map((p) => p.id),
        false,
      ),
    ],
  };
}
