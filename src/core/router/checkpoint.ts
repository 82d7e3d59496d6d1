/**
 * A router checkpoint is data, one JSON document:
 *
 *   { "schema": "swarmflight.router/1",
 *     "trainedOn": { "runs": 24, "queries": 12 },
 *     "classifier": { "model": "multinomial-naive-bayes", "features": "word unigrams+bigrams",
 *                     "smoothing": 1, "classes": ["swarm/wide-search", …], "docs": [9, …],
 *                     "vocab": ["a", "a table", …], "counts": [[3, 1, …], …] },
 *     "bandit": { "alpha": 0.1, "epsilon": 0.1, "initialQ": 0,
 *                 "q": { "wide-search": { "swarm/wide-search": { "q": 0.52, "n": 6 } } } } }
 *
 * The class priors are docs[c] / Σ docs; counts[c] runs parallel to vocab. Reading checks every
 * field and refuses anything else with the first difference found, by field path.
 */
import { RecencyBandit } from './bandit';
import { parseChoiceLabel } from './choice';
import type { Example } from './classifier';
import type { RouterModel } from './router';

export const ROUTER_SCHEMA = 'swarmflight.router/1';

export function routerToCheckpoint(model: RouterModel) {
  const c = model.classifier;
  return {
    schema: ROUTER_SCHEMA,
    trainedOn: { ...model.trainedOn },
    classifier: {
      model: 'multinomial-naive-bayes',
      features: 'word unigrams+bigrams',
      smoothing: c.smoothing,
      classes: [...c.classes],
      docs: [...c.docs],
      vocab: [...c.vocab],
      counts: c.counts.map((row) => [...row]),
    },
    bandit: { ...model.bandit.hyper, q: model.bandit.table },
    // The training queries, for the nearest-neighbour layer; optional on reading.
    ...(model.examples ? { examples: model.examples.map((e) => ({ text: e.text, label: e.label })) } : {}),
  };
}

export type RouterCheckpoint = ReturnType<typeof routerToCheckpoint>;

export type CheckpointReading = { ok: true; model: RouterModel } | { ok: false; message: string };

class Refusal extends Error {}

const describe = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;

function field(parent: Record<string, unknown>, path: string, key: string): unknown {
  if (!Object.hasOwn(parent, key)) throw new Refusal(`missing field "${path}${key}"`);
  return parent[key];
}

function object(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Refusal(`"${path}" must be an object, got ${describe(value)}`);
  }
  return value as Record<string, unknown>;
}

function numbers(value: unknown, path: string, min: number, length?: number): number[] {
  if (!Array.isArray(value) || !value.every((x) => typeof x === 'number' && Number.isFinite(x) && x >= min)) {
    throw new Refusal(`"${path}" must be an array of numbers ≥ ${min}`);
  }
  if (length !== undefined && value.length !== length) {
    throw new Refusal(`"${path}" has ${value.length} entries, expected ${length}`);
  }
  return value as number[];
}

function number(value: unknown, path: string, min: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min) {
    throw new Refusal(`"${path}" must be a number ≥ ${min}, got ${JSON.stringify(value)}`);
  }
  return value;
}

function readClassifier(raw: Record<string, unknown>): RouterModel['classifier'] {
  const get = (key: string) => field(raw, 'classifier.', key);
  const kind = get('model');
  if (kind !== 'multinomial-naive-bayes') {
    throw new Refusal(`"classifier.model" is ${JSON.stringify(kind)}, expected "multinomial-naive-bayes"`);
  }
  const classes = get('classes');
  if (!Array.isArray(classes) || classes.length === 0) {
    throw new Refusal('"classifier.classes" must be a non-empty array');
  }
  for (const c of classes) {
    if (typeof c !== 'string' || !parseChoiceLabel(c)) {
      throw new Refusal(`"classifier.classes" holds ${JSON.stringify(c)}, not a "topology/workflow" label`);
    }
  }
  const vocab = get('vocab');
  if (!Array.isArray(vocab) || !vocab.every((f) => typeof f === 'string')) {
    throw new Refusal('"classifier.vocab" must be an array of strings');
  }
  const counts = get('counts');
  if (!Array.isArray(counts) || counts.length !== classes.length) {
    throw new Refusal(`"classifier.counts" must hold one row per class (${classes.length})`);
  }
  const smoothing = number(get('smoothing'), 'classifier.smoothing', 0);
  if (smoothing === 0) throw new Refusal('"classifier.smoothing" must be > 0');
  return {
    classes: classes as string[],
    docs: numbers(get('docs'), 'classifier.docs', 0, classes.length),
    vocab: vocab as string[],
    counts: counts.map((row, i) => numbers(row, `classifier.counts[${i}]`, 0, vocab.length)),
    smoothing,
  };
}

function readExamples(value: unknown): Example[] {
  if (!Array.isArray(value)) throw new Refusal(`"examples" must be an array, got ${describe(value)}`);
  return value.map((item, i) => {
    const e = object(item, `examples[${i}]`);
    if (typeof e.text !== 'string' || typeof e.label !== 'string') {
      throw new Refusal(`"examples[${i}]" must have a string "text" and "label"`);
    }
    if (!parseChoiceLabel(e.label)) {
      throw new Refusal(
        `"examples[${i}].label" is ${JSON.stringify(e.label)}, not a topology/workflow label`,
      );
    }
    return { text: e.text, label: e.label };
  });
}

function readBandit(raw: Record<string, unknown>): RecencyBandit {
  const get = (key: string) => field(raw, 'bandit.', key);
  const hyper = {
    alpha: number(get('alpha'), 'bandit.alpha', 0),
    epsilon: number(get('epsilon'), 'bandit.epsilon', 0),
    initialQ: number(get('initialQ'), 'bandit.initialQ', Number.NEGATIVE_INFINITY),
  };
  const q = object(get('q'), 'bandit.q');
  const table: RecencyBandit['table'] = {};
  for (const [type, rawRow] of Object.entries(q)) {
    const row = object(rawRow, `bandit.q.${type}`);
    const values: RecencyBandit['table'][string] = {};
    table[type] = values;
    for (const [arm, rawValue] of Object.entries(row)) {
      const path = `bandit.q.${type}.${arm}`;
      if (!parseChoiceLabel(arm))
        throw new Refusal(`"${path}": ${JSON.stringify(arm)} is not a choice label`);
      const value = object(rawValue, path);
      values[arm] = {
        q: number(field(value, `${path}.`, 'q'), `${path}.q`, Number.NEGATIVE_INFINITY),
        n: number(field(value, `${path}.`, 'n'), `${path}.n`, 0),
      };
    }
  }
  try {
    return new RecencyBandit(hyper, table);
  } catch (error) {
    throw new Refusal((error as Error).message);
  }
}

/** The router a checkpoint holds, or a refusal naming what differs from the format. */
export function readRouterCheckpoint(json: unknown): CheckpointReading {
  try {
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      throw new Refusal(`not a router checkpoint: expected a JSON object, got ${describe(json)}`);
    }
    const raw = json as Record<string, unknown>;
    const schema = field(raw, '', 'schema');
    if (schema !== ROUTER_SCHEMA) {
      throw new Refusal(
        `not a router checkpoint: "schema" is ${JSON.stringify(schema)}, expected "${ROUTER_SCHEMA}"`,
      );
    }
    const trainedOn = object(field(raw, '', 'trainedOn'), 'trainedOn');
    return {
      ok: true,
      model: {
        trainedOn: {
          runs: number(field(trainedOn, 'trainedOn.', 'runs'), 'trainedOn.runs', 0),
          queries: number(field(trainedOn, 'trainedOn.', 'queries'), 'trainedOn.queries', 0),
        },
        classifier: readClassifier(object(field(raw, '', 'classifier'), 'classifier')),
        bandit: readBandit(object(field(raw, '', 'bandit'), 'bandit')),
        ...(raw.examples === undefined ? {} : { examples: readExamples(raw.examples) }),
      },
    };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, message: error.message };
    throw error;
  }
}
