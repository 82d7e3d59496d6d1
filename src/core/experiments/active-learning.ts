/**
 * Does arbitration teach the router? An experiment over the labelled requests (docs/router.md,
 * Active learning), by the textbook protocol for pool-based active learning:
 *
 *   - per seed, the train split is shuffled into a small labelled start (`start` requests) and an
 *     unlabelled pool (the rest, labels hidden); the test split is only ever scored on;
 *   - the router trained on the start routes every pool request; those under the threshold are
 *     queued, least confident first, and the first `budget` are arbitrated (the arbiter sees the
 *     hidden label only through its own answer, at its error rate);
 *   - the control arm arbitrates as many pool requests drawn at random, by the same arbiter;
 *   - both routers are retrained with their arbitrated examples and scored on the test split,
 *     beside the start alone (no arbitration) and the whole pool labelled (the ceiling).
 *
 * The threshold and budget are fixed in advance, not tuned: nothing here looks at the test split
 * but the final score. Seeds pair the arms (the same start and pool), so differences are paired.
 */
import type { Embedder } from '../embeddings/types';
import { type ArbitrationItem, arbitrationItem, needsArbitration } from '../router/arbitration';
import type { ChoiceLabel } from '../router/choice';
import type { Example } from '../router/classifier';
import { evaluateRouting } from '../router/evaluate';
import { indexExamples, nearestFor } from '../router/nearest';
import { routeQuery } from '../router/router';
import { trainRouter } from '../router/train';
import { type PairedDifference, pairedBootstrap } from '../stats/paired';
import { keyedRng } from '../util/rng';

export interface ActiveLearningOptions {
  readonly seeds: readonly number[];
  /** Labelled requests the router starts from. @default 40 */
  readonly start?: number;
  /** Arbitrations per arm. @default 20 */
  readonly budget?: number;
  /** @default 0.6 */
  readonly threshold?: number;
  readonly embedder: Embedder;
  /** The arbiter: a label for the request, given its hidden label to play (or undefined). */
  readonly arbitrate: (
    item: ArbitrationItem,
    truth: ChoiceLabel,
    seed: number,
  ) => Promise<ChoiceLabel | undefined>;
}

export interface ActiveLearningSeed {
  readonly seed: number;
  /** Pool requests under the threshold. */
  readonly queued: number;
  /** Arbitrations made per arm (≤ budget: the queue can be shorter). */
  readonly arbitrated: number;
  /** Arbiter answers that were not the hidden label, in the active and random arms. */
  readonly arbiterErrors: { readonly active: number; readonly random: number };
  /** Router accuracy on the test split. */
  readonly accuracy: { none: number; active: number; random: number; all: number };
}

export interface ActiveLearningReport {
  readonly train: number;
  readonly test: number;
  readonly start: number;
  readonly budget: number;
  readonly threshold: number;
  readonly seeds: readonly ActiveLearningSeed[];
  readonly mean: { none: number; active: number; random: number; all: number };
  /** Paired differences of test accuracy over seeds. */
  readonly activeMinusRandom: PairedDifference;
  readonly activeMinusNone: PairedDifference;
}

function shuffled<T>(items: readonly T[], seed: number, key: string): T[] {
  const rng = keyedRng(seed, key);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

async function accuracy(examples: readonly Example[], test: readonly Example[], embedder: Embedder) {
  const model = trainRouter([], { requests: examples }).model;
  const scores = await evaluateRouting(model, test, { embedder });
  return scores.router.accuracy;
}

async function oneSeed(
  train: readonly Example[],
  test: readonly Example[],
  seed: number,
  options: ActiveLearningOptions,
): Promise<ActiveLearningSeed> {
  const start = options.start ?? 40;
  const budget = options.budget ?? 20;
  const threshold = options.threshold ?? 0.6;
  const { embedder } = options;
  const order = shuffled(train, seed, 'active-learning/split');
  const labelled = order.slice(0, start);
  const pool = order.slice(start);
  const model = trainRouter([], { requests: labelled }).model;
  const index = await indexExamples(embedder, model.examples ?? []);
  const routed: { example: Example; item: ArbitrationItem }[] = [];
  for (const example of pool) {
    const nearest = await nearestFor(embedder, index, example.text);
    const route = routeQuery(model, example.text, { nearest });
    routed.push({ example, item: arbitrationItem(example.text, route, 0) });
  }
  const queue = routed
    .filter((r) => needsArbitration(r.item.routed, threshold))
    .sort((a, b) => a.item.routed.confidence - b.item.routed.confidence);
  const active = queue.slice(0, budget);
  const random = shuffled(routed, seed, 'active-learning/random').slice(0, active.length);
  const arbitrate = async (picked: typeof routed) => {
    const examples: Example[] = [];
    let errors = 0;
    for (const { example, item } of picked) {
      const truth = example.label as ChoiceLabel;
      const label = await options.arbitrate(item, truth, seed);
      if (label === undefined) continue;
      if (label !== truth) errors += 1;
      examples.push({ text: example.text, label });
    }
    return { examples, errors };
  };
  const [byActive, byRandom] = [await arbitrate(active), await arbitrate(random)];
  return {
    seed,
    queued: queue.length,
    arbitrated: active.length,
    arbiterErrors: { active: byActive.errors, random: byRandom.errors },
    accuracy: {
      none: await accuracy(labelled, test, embedder),
      active: await accuracy([...labelled, ...byActive.examples], test, embedder),
      random: await accuracy([...labelled, ...byRandom.examples], test, embedder),
      all: await accuracy(train, test, embedder),
    },
  };
}

export async function activeLearningExperiment(
  train: readonly Example[],
  test: readonly Example[],
  options: ActiveLearningOptions,
): Promise<ActiveLearningReport> {
  const seeds: ActiveLearningSeed[] = [];
  for (const seed of options.seeds) seeds.push(await oneSeed(train, test, seed, options));
  const mean = (k: keyof ActiveLearningSeed['accuracy']) =>
    seeds.reduce((s, r) => s + r.accuracy[k], 0) / Math.max(1, seeds.length);
  const of = (k: keyof ActiveLearningSeed['accuracy']) => seeds.map((s) => s.accuracy[k]);
  return {
    train: train.length,
    test: test.length,
    start: options.start ?? 40,
    budget: options.budget ?? 20,
    threshold: options.threshold ?? 0.6,
    seeds,
    mean: { none: mean('none'), active: mean('active'), random: mean('random'), all: mean('all') },
    activeMinusRandom: pairedBootstrap(of('random'), of('active')),
    activeMinusNone: pairedBootstrap(of('none'), of('active')),
  };
}
