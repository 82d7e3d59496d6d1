import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonicalJson, parseProfiles, profileHash } from '../../../src/core/scenarios/profiles';
import { entityFields, parseScenario, scenarioKindOf } from '../../../src/core/scenarios/spec';
import type { ProfileSpec } from '../../../src/core/scenarios/spec-types';
import { generateWorld } from '../../../src/core/world/generate';
import { PROVIDER_IDS } from '../../../src/providers/registry';

const fixture = (name: string) => `tests/fixtures/scenarios/${name}.json`;

function scenarioError(file: string): string {
  const r = parseScenario(readFileSync(file, 'utf8'), file);
  if (r.ok) throw new Error(`${file} parsed`);
  return r.error;
}

function profilesError(file: string): string {
  const r = parseProfiles(readFileSync(file, 'utf8'), file, PROVIDER_IDS);
  if (r.ok) throw new Error(`${file} parsed`);
  return r.error;
}

const profiles = () => {
  const r = parseProfiles(readFileSync('scenarios/profiles.json', 'utf8'), 'scenarios/profiles.json');
  if (!r.ok) throw new Error(r.error);
  return r.profiles;
};

describe('the scenario files in scenarios/', () => {
  it.each([
    ['wide-search', 60],
    ['deep-search', 4],
    ['mixed-coding', 8],
  ])('%s parses, with its id and default size', (id, size) => {
    const file = `scenarios/${id}.json`;
    const r = parseScenario(readFileSync(file, 'utf8'), file);
    if (!r.ok) throw new Error(r.error);
    expect(r.spec.kind).toBe(id);
    expect(r.spec.id).toBe(id);
    expect(r.spec.size.default).toBe(size);
    expect(r.spec.profile).toBe('medium');
    expect(r.spec.context).toEqual({ name: 'hide-tool-result' });
  });

  it('profiles.json holds small, medium and large, and each names a model per provider', () => {
    const all = profiles();
    expect(Object.keys(all)).toEqual(['small', 'medium', 'large']);
    expect(all.small?.models).toEqual({
      simulated: 'sim-small',
      webllm: 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC',
      openai: 'gpt-4.1-nano',
    });
    expect(all.large?.simulator.callsPerTurn).toBe(3);
    expect(all.small?.allowedTools).not.toContain('run_js');
  });
});

describe('parseScenario names the file, the field and what was expected', () => {
  it.each([
    [
      'unknown-kind',
      'kind: expected one of wide-search, deep-search, mixed-coding, write-story, teach-explain, rag-qa, compare-options, general (graph files go through the graph loader), got "wide"',
    ],
    [
      'graph-kind',
      'kind: "graph" files are pure scheduling and go through the graph loader (swarm schedule --graph), not the task scenario parser',
    ],
    [
      'missing-field',
      'rowsPerAgent: required field missing (a wide-search scenario needs kind, id, size, entity, key, columns, rowsPerAgent)',
    ],
    ['wrong-type', 'questions: expected a whole number ≥ 1, got "three"'],
    ['negative-size', 'size.default: expected a whole number ≥ 1, got -3'],
    ['size-out-of-range', 'size.max: expected a deep-search size from 2 to 6, got 9'],
    ['size-order', 'size.default: expected from size.min (50) to size.max (200), got 20'],
    ['size-min-above-max', 'size.min: expected at most size.max (6), got 10'],
    [
      'bad-column-attr',
      'columns[2].attr: "color" is not an attribute or link of a company (one of: founded, industry, employees, website, founder, headquarters)',
    ],
    [
      'unknown-field',
      'rowPerAgent: unknown field; did you mean "rowsPerAgent"? (fields of a wide-search scenario: kind, id, title, description, size, profile, context, budgets, join, failurePolicy, mainStepCost, world, reward, engines, difficulty, taskSpread, request, orchestrator, entity, key, columns, rowsPerAgent)',
    ],
    [
      'unknown-context',
      'context.name: expected one of keep-all, hide-tool-result, sliding-window, summary, discard-all, got "summarize"',
    ],
  ])('%s', (name, message) => {
    const file = fixture(name);
    expect(scenarioError(file)).toBe(`${file}: ${message}`);
  });

  it('reports every shape problem, one line each', () => {
    const file = fixture('bad-budgets');
    expect(scenarioError(file).split('\n')).toEqual([
      `${file}: budgets.maxToolCalls: expected a whole number ≥ 1 (or null: no limit), got 0`,
      `${file}: budgets.maxCost: expected a number > 0 (or null: no limit), got -1`,
      `${file}: join: expected one of async, barrier, got "sync"`,
    ]);
    const context = fixture('bad-context');
    expect(scenarioError(context).split('\n')).toEqual([
      `${context}: context.keepTurns: expected a whole number ≥ 0, got -1`,
      `${context}: context.quoteChar: unknown field; did you mean "quoteChars"? (fields of the summary context: name, keepTurns, triggerTokens, quoteChars)`,
    ]);
  });

  it('checks column names against the key and each other, and tolerance against the rule', () => {
    const file = fixture('column-names');
    expect(scenarioError(file).split('\n')).toEqual([
      `${file}: columns[1].name: "city" is the key column, which holds the city's name and is not listed among the columns`,
      `${file}: columns[2].name: "Population " repeats columns[0].name (names compare ignoring case and spaces)`,
      `${file}: columns[3].tolerance: only a column with rule "number" takes a tolerance; this one's rule is "string"`,
    ]);
  });

  it('says where the JSON breaks', () => {
    const file = fixture('not-json');
    const error = scenarioError(file);
    expect(error.startsWith(`${file}: not valid JSON (`)).toBe(true);
    expect(error).toContain('line 2 column 27');
  });

  it('says what a scenario is when the file holds something else', () => {
    expect(parseScenario('[]', 'a.json')).toEqual({
      ok: false,
      error:
        'a.json: expected a scenario object with a "kind" (one of wide-search, deep-search, mixed-coding, write-story, teach-explain, rag-qa, compare-options, general), got an empty list',
    });
    expect(parseScenario('{"kind":"deep-search","id":"d","size":5}', 'b.json')).toEqual({
      ok: false,
      error: 'b.json: size: expected a size (an object with default, min, max), got 5',
    });
  });

  it('accepts every optional field, and null budgets as no limit', () => {
    const file = fixture('budgets-ok');
    const r = parseScenario(readFileSync(file, 'utf8'), file);
    if (!r.ok) throw new Error(r.error);
    expect(r.spec.budgets).toEqual({ maxToolCalls: 200, maxCost: 0.5, maxTokens: Number.POSITIVE_INFINITY });
    expect(r.spec.world?.counts).toEqual({ company: 200 });
    expect(r.spec.context).toEqual({ name: 'discard-all', maxTokens: 6000 });
  });

  it('scenarioKindOf tells graph files from task scenarios', () => {
    expect(scenarioKindOf({ kind: 'graph', tasks: [] })).toBe('graph');
    expect(scenarioKindOf({ kind: 'wide-search' })).toBe('wide-search');
    expect(scenarioKindOf({ kind: 'wide' })).toBeUndefined();
    expect(scenarioKindOf([])).toBeUndefined();
  });
});

describe('parseProfiles', () => {
  it.each([
    ['profiles-bad-probability', ['tiny.simulator.itemError: expected a number from 0 to 1, got 1.5']],
    [
      'profiles-problems',
      [
        'tiny.models.opneai: "opneai" is not a provider (one of: simulated, webllm, openai)',
        'tiny.contextWindow: expected a whole number ≥ 1, got 2048.5',
        'tiny.systemPrompt: expected a non-empty string, got ""',
        'tiny.simulator.callsPerTurn: expected a whole number ≥ 1, got 0',
        'tiny.simulator.wallMsPerTokens: unknown field; did you mean "wallMsPerToken"? (fields of the simulator parameters: itemError, contextDegradation, degradationExponent, callsPerTurn, malformedRate, outputTokensPerStep, wallMsPerToken, injectionCompliance, turnSteps, skill, difficultyError, crashRate, crashSlope)',
      ],
    ],
    [
      'profiles-window',
      [
        'tiny.maxOutputTokens: expected less than contextWindow (2048), got 4096',
        'tiny.allowedTools[2]: "search" repeats allowedTools[0]',
      ],
    ],
  ])('%s', (name, messages) => {
    const file = fixture(name);
    expect(profilesError(file).split('\n')).toEqual(messages.map((m) => `${file}: ${m}`));
  });

  it('wants at least one profile, in an object, and says what it got', () => {
    expect(parseProfiles('{}', 'p.json')).toEqual({
      ok: false,
      error: 'p.json: expected at least one profile, got none',
    });
    // A list is an object to the record schema: it was "expected at least one profile, got an object".
    expect(parseProfiles('[]', 'p.json')).toEqual({
      ok: false,
      error: 'p.json: expected an object from profile name to profile, got an empty list',
    });
  });
});

describe('entityFields', () => {
  it('lists exactly the attrs and links the world generator gives each kind', () => {
    const world = generateWorld({ seed: 1, counts: { country: 2, city: 3, person: 3, company: 3 } });
    for (const [kind, fields] of Object.entries(entityFields)) {
      const entity = world.entities.find((e) => e.kind === kind)!;
      expect([...Object.keys(entity.attrs), ...Object.keys(entity.links)].sort()).toEqual([...fields].sort());
    }
  });
});

describe('profileHash', () => {
  it('ignores key order, changes with any value, and reads sha256:<64 hex>', async () => {
    const medium = profiles().medium!;
    const hash = await profileHash(medium);
    expect(hash).toMatch(/^sha256:[0-9a-f]{64}$/);

    // The same profile with every object's keys in reverse order.
    const reversed = JSON.parse(JSON.stringify(medium), (_key, value: unknown) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).reverse())
        : value,
    ) as ProfileSpec;
    expect(Object.keys(reversed)[0]).not.toBe(Object.keys(medium)[0]);
    expect(await profileHash(reversed)).toBe(hash);

    const changed: ProfileSpec = { ...medium, simulator: { ...medium.simulator, itemError: 0.07 } };
    expect(await profileHash(changed)).not.toBe(hash);
  });

  it('hashes the canonical JSON', async () => {
    expect(canonicalJson({ b: [2, { d: 1, c: 'x' }], a: null, e: undefined })).toBe(
      '{"a":null,"b":[2,{"c":"x","d":1}]}',
    );
    // SHA-256 of "{}" (a well-known value), so the encoding and the hex are checked too.
    expect(await profileHash({} as ProfileSpec)).toBe(
      'sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a',
    );
  });
});

describe('the trade-off fields of a scenario file are checked like the others', () => {
  const wide = JSON.parse(readFileSync('scenarios/wide-search.json', 'utf8'));
  const error = (change: Record<string, unknown>) => {
    const r = parseScenario(JSON.stringify({ ...wide, ...change }), 'x.json');
    return r.ok ? 'parsed' : r.error;
  };
  it('names a deadline that starts at or past the budget, a negative deadline weight or spawn price', () => {
    expect(error({ reward: { ...wide.reward, deadlineFrom: 1 } })).toContain(
      'reward.deadlineFrom: expected a number from 0 to below 1, got 1',
    );
    expect(error({ reward: { ...wide.reward, deadlineWeight: -0.1 } })).toContain(
      'reward.deadlineWeight: expected a number ≥ 0, got -0.1',
    );
    expect(error({ orchestrator: { ...wide.orchestrator, spawnTokens: 1.5 } })).toContain(
      'orchestrator.spawnTokens: expected a whole number ≥ 0, got 1.5',
    );
    expect(error({})).toBe('parsed');
  });
});
