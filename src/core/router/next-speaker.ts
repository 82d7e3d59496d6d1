/**
 * The next-speaker router (seed 003's dynamic router): from the request and the history so far,
 * which agent speaks next, or `terminate`. It learns from logged runs — each successful run is a
 * sequence of state → action pairs: the agents in the order their turns started, then
 * `terminate` — with the classifier the router already has (naive Bayes, classifier.ts) over the
 * request's first words and the history rendered by a context strategy:
 *
 * - `summary`: which agents have spoken and how often ("spoke:judge×3");
 * - `last-k`: the last k speakers, most recent first;
 * - `random-truncation`: training only — a seeded random prefix of the history is dropped, so the
 *   model learns to decide from a partial history (at inference the whole history is shown as
 *   `summary` and `last-k` together).
 *
 * An agent is named by its role: its task's id without round and index (`judge-3` → `judge`,
 * `r2-peer-b` → `peer-b`, `section-4` → `section`).
 */
import type { TraceEvent } from '../trace/events';
import type { TraceHeader } from '../trace/header';
import { keyedRng } from '../util/rng';
import { type Example, type NaiveBayesModel, predictNaiveBayes, trainNaiveBayes } from './classifier';

export const TERMINATE = 'terminate';
export const historyStrategies = ['summary', 'last-k', 'random-truncation'] as const;
export type HistoryStrategy = (typeof historyStrategies)[number];

/** An agent's name from its task's id. */
export const agentOf = (taskId: string): string => taskId.replace(/^r\d+-/, '').replace(/(-\d+)+$/, '');

export interface SpeakerRun {
  readonly request: string;
  /** Agents in the order their turns started. */
  readonly speakers: readonly string[];
}

/** A successful run's turn order, or undefined for a run to learn nothing from. */
export function speakerRun(
  header: TraceHeader,
  events: readonly TraceEvent[],
  minReward = 0,
): SpeakerRun | undefined {
  const last = events.at(-1);
  if (!header.query || last?.type !== 'run.finished') return undefined;
  if (last.metrics.episodeSuccess !== 1 || !((last.metrics.reward ?? 0) >= minReward)) return undefined;
  const speakers: string[] = [];
  for (const e of events) {
    // Turns settled without a model call (0 steps) are not turns anyone took.
    if (e.type === 'task.finished' && e.usage.steps === 0)
      speakers.splice(speakers.lastIndexOf(agentOf(e.task)), 1);
    if (e.type === 'task.started') speakers.push(agentOf(e.task));
  }
  return { request: header.query, speakers };
}

export interface Decision {
  readonly request: string;
  readonly history: readonly string[];
  /** The next agent, or `terminate`. */
  readonly next: string;
}

/** Every state → action pair of a run: before each turn, and `terminate` after the last. */
export const decisionsOf = (run: SpeakerRun): Decision[] =>
  [...run.speakers, TERMINATE].map((next, i) => ({
    request: run.request,
    history: run.speakers.slice(0, i),
    next,
  }));

const requestWords = (request: string) => request.split(/\s+/).slice(0, 12).join(' ');

/** The history as the model reads it, under a strategy (`random-truncation` needs a seed). */
export function renderHistory(
  history: readonly string[],
  strategy: HistoryStrategy,
  k = 3,
  seed = 0,
): string {
  if (strategy === 'random-truncation') {
    const keep = history.slice(keyedRng(seed, 'truncate', history.join(' ')).int(0, history.length));
    return `${renderHistory(keep, 'summary')} ${renderHistory(keep, 'last-k', k)}`;
  }
  if (strategy === 'last-k') {
    const recent = history.slice(-k).reverse();
    return recent.length === 0
      ? 'lastnone'
      : recent.map((a, i) => `last${i + 1}${a.replace(/\W/g, '')}`).join(' ');
  }
  const counts = new Map<string, number>();
  for (const a of history) counts.set(a, (counts.get(a) ?? 0) + 1);
  if (counts.size === 0) return 'spokenone';
  return [...counts]
    .map(([a, n]) => `spoke${a.replace(/\W/g, '')} spoke${a.replace(/\W/g, '')}x${Math.min(n, 9)}`)
    .join(' ');
}

// The request tells which team this is; once anyone has spoken the history says so too, and the
// request's dozen words would outvote the few history features: it is shown only at the start.
const stateText = (
  d: Pick<Decision, 'request' | 'history'>,
  strategy: HistoryStrategy,
  k: number,
  seed: number,
) =>
  d.history.length === 0
    ? `${requestWords(d.request)} spokenone`
    : renderHistory(d.history, strategy, k, seed);

export interface NextSpeakerModel {
  readonly strategy: HistoryStrategy;
  readonly k: number;
  readonly classifier: NaiveBayesModel;
}

export function trainNextSpeaker(
  decisions: readonly Decision[],
  options: { readonly strategy?: HistoryStrategy; readonly k?: number } = {},
): NextSpeakerModel {
  const strategy = options.strategy ?? 'summary';
  const k = options.k ?? 3;
  const examples: Example[] = decisions.map((d, i) => ({
    text: stateText(d, strategy, k, i),
    label: d.next,
  }));
  return { strategy, k, classifier: trainNaiveBayes(examples) };
}

/** The next speaker for this state, with the classifier's confidence. */
export function nextSpeaker(model: NextSpeakerModel, request: string, history: readonly string[]) {
  // A model trained on truncated histories reads the whole one, in both renderings it was shown.
  const strategy = model.strategy === 'random-truncation' ? 'summary' : model.strategy;
  const text =
    model.strategy === 'random-truncation' && history.length > 0
      ? `${renderHistory(history, 'summary')} ${renderHistory(history, 'last-k', model.k)}`
      : stateText({ request, history }, strategy, model.k, 0);
  const p = predictNaiveBayes(model.classifier, text);
  return { next: p.label, confidence: p.confidence };
}

/**
 * The baseline to beat: the most frequent successor of the last speaker in the training
 * decisions (a bigram model), `terminate` for a speaker never seen last.
 */
export function bigramBaseline(decisions: readonly Decision[]): (history: readonly string[]) => string {
  const counts = new Map<string, Map<string, number>>();
  for (const d of decisions) {
    const last = d.history.at(-1) ?? '';
    const row = counts.get(last) ?? new Map<string, number>();
    row.set(d.next, (row.get(d.next) ?? 0) + 1);
    counts.set(last, row);
  }
  return (history) => {
    const row = counts.get(history.at(-1) ?? '');
    if (!row) return TERMINATE;
    return [...row].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? TERMINATE;
  };
}
