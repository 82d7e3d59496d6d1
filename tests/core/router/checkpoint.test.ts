import { describe, expect, it } from 'vitest';
import { ROUTER_SCHEMA, readRouterCheckpoint, routerToCheckpoint } from '../../../src/core/router/checkpoint';
import { routeQuery } from '../../../src/core/router/router';
import { trainRouter } from '../../../src/core/router/train';

const queries = [
  'Fill in a table with one row for each of: Ann Co; Bob Co; Cy Co; Dee Co',
  'Who founded Vortex Lines, and where was that person born?',
  'Write a JavaScript function for the median, with unit tests',
];
const { model } = trainRouter([
  {
    query: queries[0] as string,
    choice: { topology: 'swarm', workflow: 'wide-search' },
    reward: 1,
    itemF1: 1,
    criticalSteps: 5,
  },
  {
    query: queries[0] as string,
    choice: { topology: 'single', workflow: 'wide-search' },
    reward: 0,
    itemF1: 1,
    criticalSteps: 9,
  },
  {
    query: queries[1] as string,
    choice: { topology: 'single', workflow: 'deep-search' },
    reward: 1,
    itemF1: 1,
    criticalSteps: 7,
  },
  {
    query: queries[2] as string,
    choice: { topology: 'swarm', workflow: 'mixed-coding' },
    reward: 0.5,
    itemF1: 1,
    criticalSteps: 4,
  },
]);
/** The checkpoint as it is written to and read from a file. */
const stored = () => JSON.parse(JSON.stringify(routerToCheckpoint(model))) as Record<string, unknown>;

const refusal = (json: unknown) => {
  const reading = readRouterCheckpoint(json);
  if (reading.ok) throw new Error('expected a refusal');
  return reading.message;
};

describe('router checkpoint', () => {
  it('round-trips: the same checkpoint and the same routes after reading it back', () => {
    const reading = readRouterCheckpoint(stored());
    if (!reading.ok) throw new Error(reading.message);
    expect(routerToCheckpoint(reading.model)).toEqual(routerToCheckpoint(model));
    for (const q of [...queries, 'hello there', 'Debate remote work']) {
      expect(routeQuery(reading.model, q)).toEqual(routeQuery(model, q));
    }
    const json = stored();
    expect(json).toMatchObject({
      schema: ROUTER_SCHEMA,
      trainedOn: { runs: 4, queries: 3 },
      classifier: {
        model: 'multinomial-naive-bayes',
        smoothing: 1,
        classes: ['single/deep-search', 'swarm/mixed-coding', 'swarm/wide-search'],
        docs: [1, 1, 1],
      },
      bandit: { alpha: 0.1, epsilon: 0.1, initialQ: 0 },
    });
  });

  it('keeps the labelled training queries for the nearest-neighbour layer, and reads checkpoints without them', () => {
    const json = stored();
    expect(json.examples).toEqual([
      { text: queries[0], label: 'swarm/wide-search' },
      { text: queries[1], label: 'single/deep-search' },
      { text: queries[2], label: 'swarm/mixed-coding' },
    ]);
    const { examples: _, ...older } = json;
    const reading = readRouterCheckpoint(older);
    if (!reading.ok) throw new Error(reading.message);
    expect(reading.model.examples).toBeUndefined();
    expect(refusal({ ...json, examples: 'all of them' })).toBe('"examples" must be an array, got a string');
    expect(refusal({ ...json, examples: [{ text: 'q' }] })).toBe(
      '"examples[0]" must have a string "text" and "label"',
    );
    expect(refusal({ ...json, examples: [{ text: 'q', label: 'swarm' }] })).toBe(
      '"examples[0].label" is "swarm", not a topology/workflow label',
    );
  });

  it('refuses what is not an object, naming what it got', () => {
    expect(refusal([])).toBe('not a router checkpoint: expected a JSON object, got an array');
    expect(refusal('router')).toBe('not a router checkpoint: expected a JSON object, got a string');
    expect(refusal(null)).toBe('not a router checkpoint: expected a JSON object, got null');
  });

  it('refuses another schema, naming both', () => {
    expect(refusal({ ...stored(), schema: 'swarmflight.bandit/1' })).toBe(
      'not a router checkpoint: "schema" is "swarmflight.bandit/1", expected "swarmflight.router/1"',
    );
    expect(refusal({ ...stored(), schema: 'swarmflight.router/2' })).toMatch(
      /"schema" is "swarmflight.router\/2"/,
    );
    const { schema: _, ...noSchema } = stored();
    expect(refusal(noSchema)).toBe('missing field "schema"');
  });

  it('refuses a missing or malformed field by its path', () => {
    const without = (section: string, key: string) => {
      const json = stored();
      const part = { ...(json[section] as Record<string, unknown>) };
      delete part[key];
      return { ...json, [section]: part };
    };
    expect(refusal(without('classifier', 'vocab'))).toBe('missing field "classifier.vocab"');
    expect(refusal(without('bandit', 'alpha'))).toBe('missing field "bandit.alpha"');
    expect(refusal(without('trainedOn', 'runs'))).toBe('missing field "trainedOn.runs"');
    const { bandit: _, ...noBandit } = stored();
    expect(refusal(noBandit)).toBe('missing field "bandit"');

    const json = stored();
    const classifier = json.classifier as { counts: number[][]; classes: string[] };
    expect(
      refusal({ ...json, classifier: { ...classifier, counts: [[1, 2], ...classifier.counts.slice(1)] } }),
    ).toMatch(/^"classifier.counts\[0\]" has 2 entries, expected \d+$/);
    expect(refusal({ ...json, classifier: { ...classifier, classes: ['swarm/poetry', 'a', 'b'] } })).toBe(
      '"classifier.classes" holds "swarm/poetry", not a "topology/workflow" label',
    );
    expect(refusal({ ...json, bandit: { ...(json.bandit as object), alpha: 2 } })).toBe(
      'bandit alpha must be in (0, 1], got 2',
    );
    expect(
      refusal({ ...json, bandit: { ...(json.bandit as object), q: { x: { 'swarm/x': { q: 1, n: 1 } } } } }),
    ).toBe('"bandit.q.x.swarm/x": "swarm/x" is not a choice label');
    expect(refusal({ ...json, bandit: { ...(json.bandit as object), q: [] } })).toBe(
      '"bandit.q" must be an object, got an array',
    );
  });
});
