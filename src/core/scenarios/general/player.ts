/**
 * The simulated assistant on a general request (docs/simulator.md). A part on a topic drifts into
 * general words at the turn's error rate; the single assistant and each peer drift topic by topic
 * the same way; the merger writes one briefing in its own words, or, at its error rate, glues the
 * parts together as they came (the fragments the rubric's `merged` criterion catches).
 */

import type { Player, PlayerMove } from '../../providers/player';
import { driftText, mergeText, partText } from './briefing';
import { GENERAL_KINDS, type GeneralDescriptor } from './plan';

const answer = (content: string): PlayerMove => ({ content, calls: [] });

const playGeneral: Player = (input) => {
  const d = input.descriptor as GeneralDescriptor | undefined;
  if (!d || typeof d !== 'object' || !d.brief) return answer('I cannot tell what was asked.');
  switch (d.kind) {
    case 'general-part':
      return answer(input.rng.next() < input.errorRate ? driftText(d.brief) : partText(d.brief, d.topic));
    case 'general-single': {
      const parts = d.topics.map((t) =>
        input.rng.next() < input.errorRate ? driftText(d.brief) : partText(d.brief, t),
      );
      return answer(mergeText(d.brief, parts));
    }
    case 'general-merge':
      return answer(
        input.rng.next() < input.errorRate ? d.parts.join('\n\n') : mergeText(d.brief, d.parts, d.team),
      );
    default:
      return answer('I cannot tell what was asked.');
  }
};

/** This kind's players by descriptor kind: what its `players()` loads (players.ts). */
export const players: Readonly<Record<string, Player>> = Object.fromEntries(
  GENERAL_KINDS.map((k) => [k, playGeneral]),
);
