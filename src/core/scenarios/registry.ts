import { mixedCoding } from './coding/index';
import { deepSearch } from './deepsearch/index';
import type { TaskScenarioSpec } from './spec-types';
import type { Player, ScenarioInstance, ScenarioKind } from './types';
import { wideSearch } from './widesearch/scenario';

// biome-ignore lint/suspicious/noExplicitAny: each kind is typed by its own spec; the registry erases it.
type AnyKind = ScenarioKind<any, ScenarioInstance>;

/** The task scenario kinds by the `kind` their files declare. */
export const scenarioKinds: Readonly<Record<TaskScenarioSpec['kind'], AnyKind>> = {
  'wide-search': wideSearch,
  'deep-search': deepSearch,
  'mixed-coding': mixedCoding,
};

/** Every kind's players, for a simulated provider that can run any scenario. */
export function allPlayers(): Record<string, Player> {
  const players: Record<string, Player> = {};
  for (const kind of Object.values(scenarioKinds)) Object.assign(players, kind.players);
  return players;
}
