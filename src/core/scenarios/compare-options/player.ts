/**
 * The simulated analyst on comparison subtasks (docs/simulator.md, compare-options). Scoring a
 * cell is the error-prone act: at the turn's error rate the score is misjudged by 1 to 3 points.
 * Weighing and ranking scores is arithmetic and never slips. The single agent and a round-1 peer
 * score option after option on their draft pads (their error rate rising as the context fills);
 * a judge scores one option in a fresh context. A peer in a later round reads the board and,
 * where positions disagree on a cell, takes the median of the positions — unless it slips (at its
 * error rate) and keeps its own. Independent slips rarely fall on the same cell, so the median of
 * three corrects most of them: that is the whole of the peers' advantage, and it costs their turns.
 */

import type { Player, PlayerInput, PlayerMove } from '../../providers/player';
import type { ChatMessage } from '../../providers/types';
import { COMMUNICATE_TOOL } from '../../tools/communicate';
import { DRAFT_TOOL } from '../../tools/draft';
import type { Rng } from '../../util/rng';
import { readDrafts } from '../writing/drafts';
import { type CompareRequest, exactScores, rankOf } from './options';
import type { CompareDescriptor } from './plan';
import { COMPARE_KINDS } from './plan';
import { formatPosition, parsePosition, scoreLine } from './position';

const answer = (content: string): PlayerMove => ({ content, calls: [] });

/** A cell's score as judged: the exact one, or at the error rate 1–3 points off (kept in 1–10). */
function judge(exact: number, errorRate: number, rng: Rng): number {
  if (rng.next() >= errorRate) return exact;
  const off = rng.int(1, 3) * (rng.next() < 0.5 ? -1 : 1);
  const slipped = Math.min(10, Math.max(1, exact + off));
  return slipped === exact ? Math.min(10, Math.max(1, exact - off)) : slipped;
}

export function playCompare(input: PlayerInput): PlayerMove {
  const d = input.descriptor as CompareDescriptor | undefined;
  if (!d || typeof d !== 'object' || !d.request) return answer('I cannot tell what to compare.');
  const r = d.request;
  switch (d.kind) {
    case 'compare-single':
      return scoreEach(r, input, false);
    case 'compare-judge': {
      const exact = exactScores(r)[d.option] as number[];
      return answer(
        scoreLine(
          r,
          d.option,
          exact.map((s) => judge(s, input.errorRate, input.rng)),
        ),
      );
    }
    case 'compare-decide': {
      const rows = d.judged.map((text, o) => {
        const row = text === null ? undefined : parsePosition(r, text).scores[o];
        // An option whose judge failed has no scores: it ranks last.
        return r.criteria.map((_, k) => row?.[k] ?? 1);
      });
      return answer(formatPosition(r, rows));
    }
    case 'compare-peer':
      return d.round === 1 ? scoreEach(r, input, true) : reconsider(d, input);
    default:
      return answer('I cannot tell what to compare.');
  }
}

/** Option after option on the draft pad, then (a peer) the pick told to all, then the answer. */
function scoreEach(r: CompareRequest, input: PlayerInput, peer: boolean): PlayerMove {
  const drafts = readDrafts(input.messages);
  const canDraft = input.tools.includes(DRAFT_TOOL) && input.callsPerTurn >= 1;
  const exact = exactScores(r);
  const scores: number[][] = [];
  for (let o = 0; o < r.options.length; o++) {
    const name = r.options[o] as string;
    const saved = drafts.get(name);
    const row = saved === undefined ? undefined : parsePosition(r, saved).scores[o];
    if (row?.every((s) => s !== undefined)) {
      scores.push(row as number[]);
      continue;
    }
    const judged = (exact[o] as number[]).map((s) => judge(s, input.errorRate, input.rng));
    if (canDraft)
      return {
        content: null,
        calls: [{ name: DRAFT_TOOL, args: { part: name, text: scoreLine(r, o, judged) } }],
      };
    scores.push(judged);
  }
  const position = formatPosition(r, scores);
  if (peer && input.tools.includes(COMMUNICATE_TOOL) && !called(input.messages, COMMUNICATE_TOOL)) {
    const ranking = rankOf(scores, r.weights);
    const message = `My pick is ${r.options[ranking[0] as number]}; my ranking: ${ranking.map((o) => r.options[o]).join(' > ')}.`;
    return { content: null, calls: [{ name: COMMUNICATE_TOOL, args: { target: 'all', message } }] };
  }
  return answer(position);
}

/** A later round: every disputed cell settled by the board's median, then the position again. */
function reconsider(d: Extract<CompareDescriptor, { kind: 'compare-peer' }>, input: PlayerInput): PlayerMove {
  const r = d.request;
  const positions = d.board.map((e) => ({ peer: e.peer, position: parsePosition(r, e.text) }));
  const own = positions.find((p) => p.peer === d.peer)?.position;
  const scores = r.options.map((_, o) =>
    r.criteria.map((_, k) => {
      const values = positions
        .map((p) => p.position.scores[o]?.[k])
        .filter((s): s is number => s !== undefined)
        .sort((a, b) => a - b);
      const mine = own?.scores[o]?.[k];
      if (values.length === 0) return mine ?? 1;
      const median = values[Math.floor((values.length - 1) / 2)] as number;
      if (values.every((v) => v === values[0])) return values[0] as number;
      if (mine !== undefined && input.rng.next() < input.errorRate) return mine;
      return median;
    }),
  );
  const pick = rankOf(scores, r.weights)[0] as number;
  if (
    own?.pick !== undefined &&
    own.pick !== pick &&
    d.round < d.rounds &&
    input.tools.includes(COMMUNICATE_TOOL) &&
    !called(input.messages, COMMUNICATE_TOOL)
  ) {
    const message = `I changed my pick from ${r.options[own.pick]} to ${r.options[pick]} after reading the board.`;
    return { content: null, calls: [{ name: COMMUNICATE_TOOL, args: { target: 'all', message } }] };
  }
  return answer(formatPosition(r, scores));
}

function called(messages: readonly ChatMessage[], tool: string): boolean {
  return messages.some(
    (m) =>
      m.role === 'assistant' &&
      Array.isArray(m.tool_calls) &&
      m.tool_calls.some((c) => c?.function?.name === tool),
  );
}

/** This kind's players by descriptor kind: what its `players()` loads (players.ts). */
export const players: Readonly<Record<string, Player>> = Object.fromEntries(
  COMPARE_KINDS.map((k) => [k, playCompare]),
);
