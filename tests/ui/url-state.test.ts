import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contextStrategyNames as CONTEXTS } from '../../src/core/agents/context/registry';
import { policyNames } from '../../src/core/policy/registry';
import { JOIN_MODES as JOINS } from '../../src/core/runtime/config';
import { faultKinds } from '../../src/core/trace/events';
import { PROVIDER_IDS as PROVIDERS } from '../../src/providers/registry';
import { loadCatalog } from '../../src/ui/i18n/catalog';
import { say } from '../../src/ui/i18n/words';
import {
  type AppState,
  defaultState,
  POLICY_FORMS,
  patched,
  readHash as readRaw,
  VIEWS,
  writeHash,
} from '../../src/ui/url-state';

/** The link read, its problems as the page says them in English (the page's language by default). */
const readHash = (hash: string) => {
  const read = readRaw(hash);
  return { ...read, problems: read.problems.map((p) => say(p, 'en')) };
};

describe('url state', () => {
  it('writes nothing for the defaults and reads back the defaults from an empty hash', () => {
    expect(writeHash(defaultState)).toBe('');
    expect(readHash('')).toEqual({ state: defaultState, problems: [] });
  });

  it("leaves a fork's decision behind when another run is opened, not when the same one is", () => {
    const forking = { ...defaultState, view: 'run' as const, runs: ['a1'], fork: 3 };
    expect(patched(forking, { runs: ['b2'] }).fork).toBe(0);
    expect(patched(forking, { runs: [] }).fork).toBe(0);
    expect(patched(forking, { runs: ['a1'] }).fork).toBe(3);
    expect(patched(forking, { seed: 9 }).fork).toBe(3);
    // "Fork from decision 2" of the run that just ended opens it as stored with the decision.
    expect(patched({ ...defaultState, runs: [] }, { runs: ['a1'], fork: 2 }).fork).toBe(2);
  });

  it('keeps only the settings that differ from the defaults', () => {
    const hash = writeHash({ ...defaultState, view: 'run', seed: 7, runs: ['a1', 'b2'] });
    expect(hash).toBe('#view=run&seed=7&runs=a1%2Cb2');
  });

  it('round-trips every state it can write', () => {
    const state = fc.record({
      view: fc.constantFrom(...VIEWS),
      scenario: fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/),
      size: fc.integer({ min: 0, max: 5000 }),
      seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      policy: fc.constantFrom('serial', 'heuristic', 'parl:my policy', 'bandit:b-1'),
      provider: fc.constantFrom(...PROVIDERS),
      endpoint: fc.constantFrom('', 'http://127.0.0.1:8080/v1', 'https://api.example.com/v1?x=1&y=2'),
      model: fc.constantFrom('', 'gpt-4.1-mini', 'qwen2.5:0.5b', 'org/Model-7B@main'),
      wmodel: fc.constantFrom('', 'SmolLM2-360M-Instruct-q4f32_1-MLC'),
      engines: fc.integer({ min: 1, max: 8 }),
      // Any provider's own fields, with the characters a URL must escape.
      pf: fc.constantFrom<Record<string, string>>({}, { reply: 'hello & bye=1 ?#' }, { a: 'x', b: 'y z' }),
      profile: fc.constantFrom('', 'small', 'large'),
      join: fc.constantFrom('', ...JOINS),
      failure: fc.constantFrom('', 'continue'),
      context: fc.constantFrom('', ...CONTEXTS),
      subagents: fc.integer({ min: 0, max: 100 }),
      criticalSteps: fc.integer({ min: 0, max: 100_000 }),
      toolCalls: fc.integer({ min: 0, max: 1000 }),
      pace: fc.integer({ min: 0, max: 5000 }),
      step: fc.boolean(),
      runs: fc.array(fc.stringMatching(/^[a-z0-9]{1,12}$/), { maxLength: 8 }),
      fork: fc.integer({ min: 0, max: 1_000_000 }),
      // A saved policy's name may hold the list's comma.
      policies: fc.uniqueArray(
        fc.constantFrom('serial', 'heuristic', 'llm', 'fixed:solo/large', 'parl:a, b', 'bandit:b-1%'),
        { maxLength: 8 },
      ),
      train: fc.constantFrom('parl', 'bandit'),
      episodes: fc.integer({ min: 10, max: 20_000 }),
      // Any text a user may ask, with the characters a URL must escape.
      question: fc.string({ maxLength: 200 }),
      ask: fc.string({ maxLength: 300 }),
      team: fc.array(fc.constantFrom('Outliner', 'Writer', 'Continuity Editor', '研究员', 'Аналитик'), {
        maxLength: 5,
      }),
      lead: fc.constantFrom('', 'Editor', 'Редактор'),
      chaos: fc.uniqueArray(fc.constantFrom(...faultKinds)),
      healing: fc.constantFrom('on', 'off'),
      play: fc.constantFrom('greedy', 'sample'),
      preference: fc.record({
        cost: fc.constantFrom(0, 0.25, 1, 2.5, 3),
        time: fc.constantFrom(0, 0.5, 1, 3),
      }),
      lang: fc.constantFrom('', 'en', 'zh', 'ru'),
    }) as fc.Arbitrary<AppState>;
    fc.assert(
      fc.property(state, (s) => {
        const back = readHash(writeHash(s));
        expect(back.problems).toEqual([]);
        expect(back.state).toEqual(s);
      }),
    );
  });

  it('keeps the Compare view’s picked policies, and refuses a list with a name no run takes', () => {
    expect(readHash('#policies=heuristic,serial,parl%253Atiny').state.policies).toEqual([
      'heuristic',
      'serial',
      'parl:tiny',
    ]);
    const bad = readHash('#policies=heuristic,fixed%253Aall%252Fhuge');
    expect(bad.state.policies).toEqual(defaultState.policies);
    expect(bad.problems).toEqual([
      expect.stringMatching(
        /^Setting "policies" in the link was ignored: "fixed:all\/huge" is not a fixed setting: .*huge/,
      ),
    ]);
    expect(readHash('#policies=serial,serial').problems).toEqual([
      'Setting "policies" in the link was ignored: at most 8 policies, each once.',
    ]);
  });

  it('takes only http(s) endpoints and plain model names', () => {
    const { state, problems } = readHash(
      '#endpoint=javascript:alert(1)&model=a%20b&wmodel=%3Cx%3E&engines=9',
    );
    expect(state).toEqual(defaultState);
    expect(problems).toEqual([
      'Setting "endpoint" in the link was ignored: "javascript:alert(1)" is not an http(s) URL.',
      'Setting "model" in the link was ignored: "a b" is not a model name.',
      'Setting "wmodel" in the link was ignored: "<x>" is not a model name.',
      'Setting "engines" in the link was ignored: 9 is out of range (1–8).',
    ]);
  });

  it('reports unknown and out-of-range settings in words and keeps the defaults for them', () => {
    const { state, problems } = readHash(
      '#seed=-3&view=nowhere&colour=blue&subagents=500&pace=12&policy=<b>x</b>',
    );
    expect(state).toEqual({ ...defaultState, pace: 12 });
    expect(problems).toEqual([
      'Setting "seed" in the link was ignored: -3 is out of range (0–2147483647).',
      'Setting "view" in the link was ignored: "nowhere" is not one of gallery, run, compare, train, library, knowledge, router.',
      'Unknown setting "colour" in the link was ignored.',
      'Setting "subagents" in the link was ignored: 500 is out of range (0–100).',
      'Setting "policy" in the link was ignored: "<b>x</b>" is not a policy (one of: serial, critical-path, heuristic, peers, llm, fixed:WIDTH/PROFILE, parl:CHECKPOINT, bandit:CHECKPOINT).',
    ]);
  });

  it('keeps the first of a setting given twice, and says so', () => {
    const { state, problems } = readHash('#size=40&seed=2&size=50');
    expect(state).toEqual({ ...defaultState, size: 40, seed: 2 });
    expect(problems).toEqual(['Setting "size" appears more than once in the link: the first was used.']);
  });

  it('leaves the size range to the scenario (a negative size is read, then judged against it)', () => {
    expect(readHash('#size=-5')).toEqual({ state: { ...defaultState, size: -5 }, problems: [] });
  });

  it('refuses a number that is not whole', () => {
    expect(readHash('#seed=1.5').problems).toEqual([
      'Setting "seed" in the link was ignored: "1.5" is not a whole number.',
    ]);
  });

  it('lists, in its message, exactly the policies it accepts', () => {
    const forms = POLICY_FORMS.split(', ');
    expect(new Set(forms)).toEqual(
      new Set([...policyNames(), 'llm', 'fixed:WIDTH/PROFILE', 'parl:CHECKPOINT', 'bandit:CHECKPOINT']),
    );
    for (const form of forms) {
      const example = form.replace('CHECKPOINT', 'mine').replace('WIDTH/PROFILE', 'all/large');
      expect(readHash(`#policy=${encodeURIComponent(example)}`).problems).toEqual([]);
    }
    // The fixed settings the API and the CLI take, and their refusals in the same words.
    expect(
      readHash(`#policy=${encodeURIComponent('fixed:wide-search=solo/small:deep-search=all/medium')}`)
        .problems,
    ).toEqual([]);
    expect(readHash(`#policy=${encodeURIComponent('fixed:all/huge')}`).problems.join()).toContain(
      'setting "all/huge": unknown profile "huge" (known: small, medium, large)',
    );
  });

  it('quotes a bad value from the link shortly, with control and bidi characters shown as "?"', () => {
    const long = 'x'.repeat(1_000_000);
    const { problems } = readHash(`#view=run&runs=${long}&${encodeURIComponent('key\u202eevil')}=1`);
    expect(problems.every((p) => p.length < 160)).toBe(true);
    expect(problems.join(' ')).toContain(`"${'x'.repeat(37)}…" is not a run id`);
    expect(problems.join(' ')).toContain('Unknown setting "key?evil"');
  });

  it('keeps the page language and names an unknown one in English, leaving the rest of the link in force', () => {
    expect(readHash('#lang=zh&seed=4').state).toMatchObject({ lang: 'zh', seed: 4 });
    expect(writeHash({ ...defaultState, lang: 'ru' })).toBe('#lang=ru');
    const unknown = readHash('#view=run&lang=xx&seed=5');
    expect(unknown.state).toMatchObject({ view: 'run', lang: '', seed: 5 });
    expect(unknown.problems).toEqual([
      'Setting "lang" in the link was ignored: "xx" is not a language of this page (en, zh, ru); it is shown in your browser\'s language.',
    ]);
  });

  it("says the link's problems in the page's language, the unknown language in English", async () => {
    await Promise.all([loadCatalog('zh'), loadCatalog('ru')]);
    const { problems } = readRaw('#seed=1.5&colour=blue&size=4&size=5&runs=a,b,c,d,e,f,g,h,i&lang=xx');
    expect(problems.map((p) => say(p, 'ru'))).toEqual([
      'Настройка "seed" в ссылке пропущена: "1.5" — не целое число.',
      'Неизвестная настройка "colour" в ссылке пропущена.',
      'Настройка "size" встречается в ссылке несколько раз: взята первая.',
      'Настройка "runs" в ссылке пропущена: не более 8 запусков.',
      'Setting "lang" in the link was ignored: "xx" is not a language of this page (en, zh, ru); it is shown in your browser\'s language.',
    ]);
    expect(say(problems[0] as string, 'zh')).toBe('已忽略链接中的设置 "seed"："1.5" 不是整数。');
  });
});
