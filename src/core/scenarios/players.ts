/**
 * The simulated model's players for every scenario kind, and the seeded simulated provider that
 * plays them. Each kind loads its own players (`ScenarioKind.players`, a dynamic import of its
 * `player.ts`): the page's main thread prepares runs but its simulated subagents play in Web
 * Workers, so the players — most of the simulator's code — load where a simulated model runs
 * (workers, the CLI, a model orchestrator played offline), not with the page.
 */

import { orchestratorPlayer } from '../policy/llm/player';
import { ORCHESTRATOR_KIND } from '../policy/llm/protocol';
import type { Player } from '../providers/player';
import { type PlayerLookup, simulatedProvider } from '../providers/simulated';
import type { Provider } from '../providers/types';
import type { Pace } from '../runtime/pace';
import { scenarioKinds } from './registry';
import type { ProfileSpec } from './spec-types';

let loaded: Readonly<Record<string, Player>> | undefined;
let loading: Promise<Readonly<Record<string, Player>>> | undefined;

/** Every kind's players by descriptor kind, and the orchestrator's; loaded once. */
export function loadPlayers(): Promise<Readonly<Record<string, Player>>> {
  loading ??= Promise.all(Object.values(scenarioKinds).map((k) => k.players())).then((each) => {
    loaded = Object.assign({ [ORCHESTRATOR_KIND]: orchestratorPlayer }, ...each);
    return loaded as Readonly<Record<string, Player>>;
  });
  return loading;
}

const own = (players: Readonly<Record<string, Player>>, kind: string) =>
  Object.hasOwn(players, kind) ? players[kind] : undefined;

/**
 * A player by descriptor kind: at once once the players are loaded, so only a process's first
 * simulated reply waits for them (and every later one takes the same path as before).
 */
const playerOf: PlayerLookup = (kind) =>
  loaded ? own(loaded, kind) : loadPlayers().then((players) => own(players, kind));

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
    players: playerOf,
    ...(pace ? { pace } : {}),
  });
}
