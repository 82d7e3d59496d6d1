/**
 * Instances of `compare-options`: a choice among a few options (laptops, flats, e-bikes, cloud
 * plans) on weighted criteria, with each option's facts given in the request. The judge's work is
 * to score every option on every criterion from 1 (the worst of them) to 10 (the best), weigh the
 * scores and rank the options; the reference answer does the same exactly. Facts are drawn so that
 * the options' totals lie close together: one misread cell can change the winner, which is where
 * independent judgements and a vote pay (docs/simulator.md, compare-options).
 */

import { keyedRng, type Rng } from '../../util/rng';
import type { ScenarioInstance } from '../types';

export const MIN_OPTIONS = 3;
export const MAX_OPTIONS = 8;

export interface Criterion {
  readonly name: string;
  readonly unit: string;
  /** True when more is better (battery life), false when less is (price). */
  readonly higherIsBetter: boolean;
  readonly min: number;
  readonly max: number;
  /** Decimal places the facts are given with. */
  readonly decimals: number;
}

interface Domain {
  readonly noun: string;
  readonly names: readonly string[];
  readonly criteria: readonly Criterion[];
}

const c = (name: string, unit: string, higherIsBetter: boolean, min: number, max: number, decimals = 0) => ({
  name,
  unit,
  higherIsBetter,
  min,
  max,
  decimals,
});

export const DOMAINS: readonly Domain[] = [
  {
    noun: 'laptops',
    names: [
      'Aster 14',
      'Borealis X',
      'Corvid Air',
      'Dunlin Pro',
      'Egret 13',
      'Fulmar S',
      'Gannet 16',
      'Heron Go',
    ],
    criteria: [
      c('price', 'USD', false, 650, 1900),
      c('battery life', 'hours', true, 6, 20, 1),
      c('weight', 'kg', false, 0.9, 2.4, 2),
      c('screen brightness', 'nits', true, 250, 600),
    ],
  },
  {
    noun: 'flats to rent',
    names: [
      'Elm Court 4B',
      'Quay House 12',
      'Mill Lane 7',
      'Orchard Row 3',
      'Harbour View 21',
      'Linden Place 9',
      'Station Yard 2',
      'Beacon Hill 15',
    ],
    criteria: [
      c('monthly rent', 'EUR', false, 700, 1900),
      c('floor area', 'm²', true, 35, 95),
      c('commute', 'minutes', false, 10, 60),
      c('daylight', 'hours a day', true, 3, 9, 1),
    ],
  },
  {
    noun: 'e-bikes',
    names: [
      'Volta City',
      'Pedalo 500',
      'Swift E2',
      'Ridgeline 7',
      'Commuter Plus',
      'Urbanite',
      'Trailhawk',
      'Metro Glide',
    ],
    criteria: [
      c('price', 'USD', false, 1100, 3800),
      c('range', 'km', true, 40, 140),
      c('weight', 'kg', false, 17, 29, 1),
      c('motor torque', 'Nm', true, 35, 90),
    ],
  },
  {
    noun: 'cloud database plans',
    names: [
      'Nimbus S',
      'Stratus 2',
      'Cirrus Pro',
      'Cumulus DB',
      'Altus One',
      'Vapor Max',
      'Halo Data',
      'Zephyr SQL',
    ],
    criteria: [
      c('monthly cost', 'USD', false, 40, 420),
      c('storage', 'GB', true, 50, 1000),
      c('p99 latency', 'ms', false, 4, 40),
      c('uptime SLA', '%', true, 99, 99.99, 2),
    ],
  },
];

export interface CompareRequest {
  readonly noun: string;
  readonly options: readonly string[];
  readonly criteria: readonly Criterion[];
  /** Percent weight per criterion, summing to 100. */
  readonly weights: readonly number[];
  /** facts[o][k]: option o's value on criterion k. */
  readonly facts: readonly (readonly number[])[];
}

export interface CompareInstance extends ScenarioInstance {
  readonly request: CompareRequest;
  /** The exact scores (1–10, whole) per option and criterion. */
  readonly scores: readonly (readonly number[])[];
  /** Option indices from best to worst by weighted score (ties by listed order). */
  readonly ranking: readonly number[];
  /** The decentralized team's size and its rounds of discussion (the spec's, or 3 and 2). */
  readonly peers: number;
  readonly rounds: number;
}

/** A criterion's 1–10 score for a value: 1 at the worst of the options, 10 at the best, rounded. */
export function scoreOf(value: number, worst: number, best: number): number {
  if (best === worst) return 10;
  return Math.round(1 + (9 * (value - worst)) / (best - worst));
}

/** Every option's exact scores, criterion by criterion, from the facts. */
export function exactScores(r: CompareRequest): number[][] {
  return r.options.map((_, o) =>
    r.criteria.map((crit, k) => {
      const column = r.facts.map((row) => row[k] as number);
      const lo = Math.min(...column);
      const hi = Math.max(...column);
      return crit.higherIsBetter
        ? scoreOf(r.facts[o]?.[k] as number, lo, hi)
        : scoreOf(r.facts[o]?.[k] as number, hi, lo);
    }),
  );
}

/** The weighted total of one option's scores (weights in percent). */
export const weighted = (scores: readonly number[], weights: readonly number[]): number =>
  scores.reduce((sum, s, k) => sum + (s * (weights[k] ?? 0)) / 100, 0);

/** Option indices, best weighted total first; equal totals keep the listed order. */
export function rankOf(scores: readonly (readonly number[])[], weights: readonly number[]): number[] {
  return scores
    .map((row, o) => ({ o, total: weighted(row, weights) }))
    .sort((a, b) => b.total - a.total || a.o - b.o)
    .map((x) => x.o);
}

function weightsFor(rng: Rng, k: number): number[] {
  // Multiples of 5, each at least 10, summing to 100.
  const parts = Array.from({ length: k }, () => 2);
  for (let left = 20 - 2 * k; left > 0; left--) {
    const i = rng.int(0, k - 1);
    parts[i] = (parts[i] as number) + 1;
  }
  return parts.map((p) => p * 5);
}

const round = (x: number, decimals: number) => Number(x.toFixed(decimals));

/**
 * Draws the facts so that the best two totals are within one point: a few tries, keeping the
 * closest race. A race decided by a landslide would grade every judge the same.
 */
function drawFacts(rng: Rng, d: Domain, n: number, weights: readonly number[]): number[][] {
  let bestFacts: number[][] = [];
  let bestGap = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 12; attempt++) {
    const facts = Array.from({ length: n }, () =>
      d.criteria.map((k) => round(k.min + rng.next() * (k.max - k.min), k.decimals)),
    );
    const r = { noun: d.noun, options: d.names.slice(0, n), criteria: d.criteria, weights, facts };
    const totals = exactScores(r)
      .map((row) => weighted(row, weights))
      .sort((a, b) => b - a);
    const gap = (totals[0] as number) - (totals[1] as number);
    if (gap > 0.05 && gap < bestGap) {
      bestGap = gap;
      bestFacts = facts;
    }
    if (gap > 0.05 && gap <= 1) break;
  }
  return bestFacts;
}

export const DEFAULT_PEERS = 3;
export const DEFAULT_ROUNDS = 2;

export function generateCompareOptions(
  spec: { readonly id: string; readonly peers?: number; readonly rounds?: number },
  seed: number,
  size: number,
): CompareInstance {
  if (!Number.isInteger(size) || size < MIN_OPTIONS || size > MAX_OPTIONS) {
    throw new RangeError(
      `compare-options "${spec.id}": size (options) must be a whole number from ${MIN_OPTIONS} to ${MAX_OPTIONS}, got ${size}`,
    );
  }
  const rng = keyedRng(seed, 'compare-options', spec.id);
  const domain = DOMAINS[rng.int(0, DOMAINS.length - 1)] as Domain;
  const names = [...domain.names];
  // A seeded shuffle, so the options are not always the first names of the list.
  for (let i = names.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [names[i], names[j]] = [names[j] as string, names[i] as string];
  }
  const weights = weightsFor(rng, domain.criteria.length);
  const facts = drawFacts(rng, { ...domain, names }, size, weights);
  const request: CompareRequest = {
    noun: domain.noun,
    options: names.slice(0, size),
    criteria: domain.criteria,
    weights,
    facts,
  };
  const scores = exactScores(request);
  return {
    scenario: spec.id,
    seed,
    size,
    prompt: comparePrompt(request),
    request,
    scores,
    ranking: rankOf(scores, weights),
    peers: spec.peers ?? DEFAULT_PEERS,
    rounds: spec.rounds ?? DEFAULT_ROUNDS,
  };
}

const fact = (value: number, k: Criterion) => `${value.toFixed(k.decimals)} ${k.unit}`;

/** The options' facts as lines a reader (and the simulated judge) can read back. */
export function factsTable(r: CompareRequest): string {
  return r.options
    .map(
      (name, o) =>
        `- ${name}: ${r.criteria.map((k, i) => `${k.name} ${fact(r.facts[o]?.[i] as number, k)}`).join('; ')}`,
    )
    .join('\n');
}

/** How to score, weigh and answer: the same words for the single agent, judges and peers. */
export function scoringRules(r: CompareRequest): string {
  const criteria = r.criteria
    .map((k, i) => `${k.name} (${k.higherIsBetter ? 'more' : 'less'} is better, weight ${r.weights[i]}%)`)
    .join(', ');
  return [
    `Criteria: ${criteria}.`,
    'Score each option on each criterion from 1 to 10 by where its value falls between the worst and the best of the options (1 = the worst, 10 = the best, rounded), then weigh the scores.',
  ].join(' ');
}

export const ANSWER_FORMAT =
  'Answer with one line per option, "<option>: <criterion> <score>, …", then "Pick: <option>" and "Ranking: <best> > … > <worst>".';

export function comparePrompt(r: CompareRequest): string {
  return [
    `Compare these ${r.options.length} ${r.noun} and tell me which one to choose.`,
    factsTable(r),
    scoringRules(r),
    ANSWER_FORMAT,
  ].join('\n');
}
