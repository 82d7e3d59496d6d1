import { orchestratorPlayer } from '../policy/llm/player';
import { ORCHESTRATOR_KIND } from '../policy/llm/protocol';
import type { Player } from '../providers/player';
import { simulatedProvider } from '../providers/simulated';
import type { Provider } from '../providers/types';
import type { Pace } from '../runtime/pace';
import { compareOptions } from './compare-options';
import { deepSearch } from './deep-search';
import { mixedCoding } from './mixed-coding';
import { ragQa } from './rag-qa';
import type { ProfileSpec, TaskScenarioSpec } from './spec-types';
import { teachExplain } from './teach-explain';
import type { ScenarioInstance, ScenarioKind } from './types';
import { wideSearch } from './wide-search';
import { writeStory } from './write-story';

// biome-ignore lint/suspicious/noExplicitAny: each kind is typed by its own spec; the registry erases it.
type AnyKind = ScenarioKind<any, ScenarioInstance>;

/** The task scenario kinds by the `kind` their files declare. */
export const scenarioKinds: Readonly<Record<TaskScenarioSpec['kind'], AnyKind>> = {
  'wide-search': wideSearch,
  'deep-search': deepSearch,
  'mixed-coding': mixedCoding,
  'write-story': writeStory,
  'teach-explain': teachExplain,
  'rag-qa': ragQa,
  'compare-options': compareOptions,
};

/** Every kind's players, and the orchestrator's, for a simulated provider that can run any scenario. */
export function allPlayers(): Record<string, Player> {
  const players: Record<string, Player> = { [ORCHESTRATOR_KIND]: orchestratorPlayer };
  for (const kind of Object.values(scenarioKinds)) Object.assign(players, kind.players);
  return players;
}

/** The seeded simulated provider playing every scenario kind with these frozen profiles. */
export function simulatedProviderFor(profiles: Readonly<Record<string, ProfileSpec>>, pace?: Pace): Provider {
  return simulatedProvider({
    profiles: Object.fromEntries(
      Object.entries(profiles).map(([name, p]) => [
        name,
        {
          model: p.models.simulated ?? `sim-${name}`,
          contextWindow: p.contextWindow,
          simulator: p.simulator,
        },
      ]),
    ),
    players: allPlayers(),
    ...(pace ? { pace } : {}),
  });
}
