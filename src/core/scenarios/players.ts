/**
 * The simulated model's players for every scenario kind, and the seeded simulated provider that
 * plays them. Apart from the kinds themselves (registry.ts) on purpose: the page's main thread
 * prepares runs but its simulated subagents play in Web Workers, so the players — most of the
 * simulator's code — load where a simulated model runs (workers, the CLI, a model orchestrator
 * played offline), not with the page.
 */

import { orchestratorPlayer } from '../policy/llm/player';
import { ORCHESTRATOR_KIND } from '../policy/llm/protocol';
import type { Player } from '../providers/player';
import { simulatedProvider } from '../providers/simulated';
import type { Provider } from '../providers/types';
import type { Pace } from '../runtime/pace';
import { COMPARE_KINDS } from './compare-options/plan';
import { playCompare } from './compare-options/player';
import { playDeepSearch } from './deep-search/player';
import { CODING_KIND } from './mixed-coding/plan';
import { playCoding } from './mixed-coding/player';
import { RAG_KINDS } from './rag-qa/plan';
import { playRag } from './rag-qa/player';
import type { ProfileSpec } from './spec-types';
import { LESSON_KINDS } from './teach-explain/plan';
import { playLesson } from './teach-explain/player';
import { playWideRows } from './wide-search/player';
import { STORY_KINDS } from './write-story/plan';
import { playStory } from './write-story/player';

const each = (kinds: readonly string[], player: Player) => Object.fromEntries(kinds.map((k) => [k, player]));

/** Every kind's players by descriptor kind, and the orchestrator's. */
export function allPlayers(): Record<string, Player> {
  return {
    [ORCHESTRATOR_KIND]: orchestratorPlayer,
    'wide-rows': playWideRows,
    'deep-chain': playDeepSearch,
    'deep-hop': playDeepSearch,
    [CODING_KIND]: playCoding,
    ...each(STORY_KINDS, playStory),
    ...each(LESSON_KINDS, playLesson),
    ...each(RAG_KINDS, playRag),
    ...each(COMPARE_KINDS, playCompare),
  };
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
