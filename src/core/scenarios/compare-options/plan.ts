/**
 * How a comparison is split.
 *
 * - `single`: one analyst scores option after option on its draft pad, then answers.
 * - `swarm`: a judge per option scores it (in parallel), then a decider weighs and ranks.
 * - `peers`: a decentralized team (docs/runtime.md, decentralized runs). Each peer scores every
 *   option on its own, in its own context, in round 1; from round 2 each reads the board — every
 *   peer's position from the round before, and the messages sent to it with `communicate` — and
 *   states its position again. Round r's turns wait for all of round r − 1 (the board is read
 *   whole), so a round costs its longest turn. When every peer picked the same option, the
 *   discussion is over: the later rounds are settled without a model call. The group's answer is
 *   the vote of the last round (grade.ts).
 */

import type { Subtask } from '../../agents/loop';
import type { Plan, PlanMode, PlannedTask } from '../types';
import {
  type CompareInstance,
  type CompareRequest,
  comparePrompt,
  factsTable,
  scoringRules,
} from './options';
import { formatPosition, parsePosition } from './position';

export const SINGLE_TASK = 'compare';
export const DECIDE_TASK = 'decide';
export const judgeTaskId = (option: number): string => `judge-${option + 1}`;
/** Peers are a, b, c…: `peer-a`. */
export const peerId = (peer: number): string => `peer-${String.fromCharCode(97 + peer)}`;
export const peerTaskId = (round: number, peer: number): string => `r${round}-${peerId(peer)}`;
/** The peer and round of a peer task id, or undefined for another task. */
export function peerTaskOf(taskId: string): { round: number; peer: number } | undefined {
  const m = /^r(\d+)-peer-([a-z])$/.exec(taskId);
  return m ? { round: Number(m[1]), peer: (m[2] as string).charCodeAt(0) - 97 } : undefined;
}

/** A position on the board: whose, and its text. */
export interface BoardEntry {
  readonly peer: string;
  readonly text: string;
}

export type CompareDescriptor =
  | { readonly kind: 'compare-single'; readonly request: CompareRequest }
  | { readonly kind: 'compare-judge'; readonly request: CompareRequest; readonly option: number }
  | {
      readonly kind: 'compare-decide';
      readonly request: CompareRequest;
      readonly judged: readonly (string | null)[];
    }
  | {
      readonly kind: 'compare-peer';
      readonly request: CompareRequest;
      readonly peer: string;
      readonly peers: readonly string[];
      readonly round: number;
      readonly rounds: number;
      /** The positions of the round before, own included (empty in round 1). */
      readonly board: readonly BoardEntry[];
    };

export const COMPARE_KINDS = ['compare-single', 'compare-judge', 'compare-decide', 'compare-peer'] as const;

export function planCompareOptions(instance: CompareInstance, mode: PlanMode): Plan {
  const r = instance.request;
  const n = r.options.length;
  if (mode === 'single') {
    const descriptor: CompareDescriptor = { kind: 'compare-single', request: r };
    return {
      mode,
      tasks: [
        {
          id: SINGLE_TASK,
          deps: [],
          // A turn per option's scores, one to answer.
          estimatedSteps: n + 1,
          subtask: (): Subtask => ({
            id: SINGLE_TASK,
            prompt: `${instance.prompt}\nSave each option's scores with the draft tool as you go.`,
            descriptor,
          }),
        },
      ],
    };
  }
  if (mode === 'swarm') {
    const judges: PlannedTask[] = r.options.map((name, o) => ({
      id: judgeTaskId(o),
      deps: [],
      estimatedSteps: 1,
      subtask: (): Subtask => ({
        id: judgeTaskId(o),
        prompt: [
          `Score one of ${n} ${r.noun}, ${name}, against the others' facts.`,
          factsTable(r),
          scoringRules(r),
          `Answer with one line: "${name}: <criterion> <score>, …".`,
        ].join('\n'),
        descriptor: { kind: 'compare-judge', request: r, option: o } satisfies CompareDescriptor,
      }),
    }));
    const decide: PlannedTask = {
      id: DECIDE_TASK,
      deps: judges.map((j) => j.id),
      estimatedSteps: 1,
      subtask: (inputs): Subtask => {
        const judged = r.options.map((_, o) => inputs.get(judgeTaskId(o)) ?? null);
        return {
          id: DECIDE_TASK,
          prompt: [
            `The judges scored these ${r.noun}:`,
            ...judged.map((text, o) => text ?? `${r.options[o]}: (no scores: its judge failed)`),
            scoringRules(r),
            'Weigh the scores and decide.',
            'Answer with the scores lines as given, then "Pick: <option>" and "Ranking: <best> > … > <worst>".',
          ].join('\n'),
          descriptor: { kind: 'compare-decide', request: r, judged } satisfies CompareDescriptor,
        };
      },
    };
    return { mode, tasks: [...judges, decide] };
  }
  return peersPlan(instance);
}

function peersPlan(instance: CompareInstance): Plan {
  const r = instance.request;
  const peers = Array.from({ length: instance.peers }, (_, p) => peerId(p));
  const tasks: PlannedTask[] = [];
  for (let round = 1; round <= instance.rounds; round++) {
    const before = round === 1 ? [] : peers.map((_, p) => peerTaskId(round - 1, p));
    peers.forEach((peer, p) => {
      const id = peerTaskId(round, p);
      tasks.push({
        id,
        deps: before,
        estimatedSteps: round === 1 ? r.options.length + 2 : 1,
        subtask: (inputs): Subtask => {
          const board = peers.flatMap((other, q): BoardEntry[] => {
            const text = round === 1 ? undefined : inputs.get(peerTaskId(round - 1, q));
            return text === undefined ? [] : [{ peer: other, text }];
          });
          const descriptor: CompareDescriptor = {
            kind: 'compare-peer',
            request: r,
            peer,
            peers,
            round,
            rounds: instance.rounds,
            board,
          };
          const settled = consensus(r, board) ? board.find((e) => e.peer === peer)?.text : undefined;
          return {
            id,
            prompt: peerPrompt(instance, peer, peers, round, board),
            descriptor,
            ...(settled !== undefined ? { settled: formatSettled(r, settled) } : {}),
          };
        },
      });
    });
  }
  return { mode: 'peers', tasks };
}

/** Every position on the board picks the same option (and there is a board). */
export function consensus(r: CompareRequest, board: readonly BoardEntry[]): boolean {
  if (board.length < 2) return false;
  const picks = board.map((e) => parsePosition(r, e.text).pick);
  return picks[0] !== undefined && picks.every((p) => p === picks[0]);
}

// A settled turn restates the position it held, as a position (so the vote reads it alike).
function formatSettled(r: CompareRequest, text: string): string {
  const p = parsePosition(r, text);
  const complete = p.scores.every((row) => row.every((s) => s !== undefined));
  return complete ? formatPosition(r, p.scores as number[][]) : text;
}

function peerPrompt(
  instance: CompareInstance,
  peer: string,
  peers: readonly string[],
  round: number,
  board: readonly BoardEntry[],
): string {
  const others = peers.filter((p) => p !== peer).join(', ');
  const intro = `You are ${peer}, one of ${peers.length} peers deciding together with no one in charge (the others: ${others}). Round ${round} of ${instance.rounds}.`;
  if (round === 1) {
    return [
      intro,
      comparePrompt(instance.request),
      'Judge on your own: save each option\'s scores with the draft tool as you go. Before you answer, tell the others your pick with communicate (target "all" or a peer).',
    ].join('\n');
  }
  return [
    intro,
    comparePrompt(instance.request),
    'The board, every position of the round before (yours included):',
    ...board.map((e) => `[${e.peer}]\n${e.text}`),
    'Where the positions disagree on a score, check the facts and take the score the evidence supports; then state your position again. Use communicate to tell a peer where you think they misread.',
  ].join('\n');
}
