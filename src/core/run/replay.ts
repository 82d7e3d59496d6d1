/**
 * A recorded run made again from its own replies (providers/replay.ts), with no model: the
 * trace's header says the run, its `llm.turn` and `tool.call` events say what every agent (the
 * orchestrator included) answered, and the remade run is checked against the trace event by
 * event (wall-clock times aside). A recorded run is so a regression test: the first event where
 * today's code makes another run from the same replies is named.
 */

import { recordedInterventions } from '../healing/replay';
import type { Policy } from '../policy/types';
import { replayProvider } from '../providers/replay';
import type { Provider } from '../providers/types';
import type { ProfileSpec } from '../scenarios/spec-types';
import type { ScenarioPorts } from '../scenarios/types';
import type { TraceEvent } from '../trace/events';
import type { TraceHeader } from '../trace/header';
import type { RunScenario } from './prepare';
import { firstDifferentEvent, type RemadeRun, remakeRun } from './remake';

export interface ReplayInput {
  readonly header: TraceHeader;
  readonly events: readonly TraceEvent[];
  readonly scenario: RunScenario;
  readonly profiles: Readonly<Record<string, ProfileSpec>>;
  /** The run's policy, made afresh over the provider that answers from the trace. */
  readonly policy: (provider: Provider) => Promise<Policy>;
  readonly ports?: ScenarioPorts;
}

export interface ReplayResult {
  readonly remade: RemadeRun;
  /** The first event (0-based) where the remade run differs from the recorded one, if any. */
  readonly difference?: {
    readonly index: number;
    readonly recorded: TraceEvent | undefined;
    readonly remade: TraceEvent | undefined;
  };
  /** Recorded replies the remade run never asked for. */
  readonly unused: number;
  /** Replies the remade run asked for that the trace did not have (whose, by agent and attempt). */
  readonly missing: readonly string[];
}

export async function replayRun(input: ReplayInput): Promise<ReplayResult> {
  const provider = replayProvider(input.header.provider, input.events);
  const remade = await remakeRun({
    header: input.header,
    scenario: input.scenario,
    profiles: input.profiles,
    policy: await input.policy(provider),
    healing: recordedInterventions(input.events),
    provider,
    ...(input.ports ? { ports: input.ports } : {}),
  });
  const index = firstDifferentEvent(input.events, remade.events);
  return {
    remade,
    ...(index >= 0
      ? { difference: { index, recorded: input.events[index], remade: remade.events[index] } }
      : {}),
    unused: provider.left(),
    missing: provider.missed(),
  };
}
