import { describe, expect, it } from 'vitest';
import { nodeSandbox } from '../../../../src/adapters/node/node-sandbox';
import { judgeFunctions, mixedCoding } from '../../../../src/core/scenarios/mixed-coding';
import { extractCode } from '../../../../src/core/scenarios/mixed-coding/code';
import { generateMixedCoding } from '../../../../src/core/scenarios/mixed-coding/generate';
import { libraryFunction, mutantSource } from '../../../../src/core/scenarios/mixed-coding/library';
import { SINGLE_TASK_ID } from '../../../../src/core/scenarios/mixed-coding/plan';
import type { MixedCodingSpec } from '../../../../src/core/scenarios/mixed-coding/spec';
import type { CodeSandbox } from '../../../../src/core/tools/sandbox';

const spec: MixedCodingSpec = {
  kind: 'mixed-coding',
  id: 'coding-test',
  size: { default: 6, min: 2, max: 12 },
  dependencyShare: 1,
};
// Seed 1, size 6, share 1: sum → mean → variance → stddev, and gcd → lcm.
const instance = generateMixedCoding(spec, 1, 6);
const ports = { sandbox: nodeSandbox };
const single = mixedCoding.plan(instance, 'single');
const swarm = mixedCoding.plan(instance, 'swarm');

const reference = (name: string) => libraryFunction(name)!.reference;
const js = (...sources: string[]) => `Here is the code.\n\n\`\`\`js\n${sources.join('\n\n')}\n\`\`\``;
const names = instance.functions.map((f) => f.name);
/** Swarm answers: each task its own function only, the reference unless replaced. */
const swarmAnswers = (replace: Record<string, string> = {}) =>
  new Map(names.map((name) => [name, js(replace[name] ?? reference(name))]));

async function failing(plan: typeof single, answers: Map<string, string>) {
  const verdicts = await judgeFunctions(instance, plan, answers, ports);
  return verdicts.filter((v) => !v.passed).map((v) => v.name);
}

describe('gradeMixedCoding', () => {
  it('is the instance it should be', () => {
    expect(names).toEqual(['sum', 'mean', 'variance', 'stddev', 'gcd', 'lcm']);
  });

  it('scores a correct single answer 1, whatever prose surrounds the code', async () => {
    const answers = new Map([[SINGLE_TASK_ID, js(...names.map(reference))]]);
    expect(await mixedCoding.grade(instance, single, answers, ports)).toEqual({
      'pass@1': 1,
      itemF1: 1,
      rowF1: 1,
      success: true,
    });
  });

  it('accepts bare code without a fence', async () => {
    const answers = new Map([[SINGLE_TASK_ID, names.map(reference).join('\n')]]);
    expect((await mixedCoding.grade(instance, single, answers, ports))['pass@1']).toBe(1);
  });

  it('scores a swarm of one-function answers 1, each run with the code it builds on', async () => {
    const grade = await mixedCoding.grade(instance, swarm, swarmAnswers(), ports);
    expect(grade['pass@1']).toBe(1);
    expect(grade.success).toBe(true);
  });

  it('fails a mutant that passes the visible tests', async () => {
    const stddev = libraryFunction('stddev')!;
    const answers = new Map([
      [SINGLE_TASK_ID, js(...names.map((n) => (n === 'stddev' ? mutantSource(stddev, 0) : reference(n))))],
    ]);
    const grade = await mixedCoding.grade(instance, single, answers, ports);
    expect(grade['pass@1']).toBeCloseTo(5 / 6);
    expect(grade.itemF1).toBe(grade['pass@1']);
    expect(grade.rowF1).toBe(grade['pass@1']);
    expect(grade.success).toBe(false);
    expect(await failing(single, answers)).toEqual(['stddev']);
  });

  it('fails a function whose dependency answered wrong code', async () => {
    const answers = swarmAnswers({ gcd: mutantSource(libraryFunction('gcd')!, 1) });
    expect(await failing(swarm, answers)).toEqual(['gcd', 'lcm']);
  });

  it('scores a missing answer 0, and what builds on it too', async () => {
    const answers = swarmAnswers();
    answers.delete('variance');
    expect(await failing(swarm, answers)).toEqual(['variance', 'stddev']);
    expect((await mixedCoding.grade(instance, swarm, answers, ports))['pass@1']).toBeCloseTo(4 / 6);
    expect(await mixedCoding.grade(instance, single, new Map(), ports)).toEqual({
      'pass@1': 0,
      itemF1: 0,
      rowF1: 0,
      success: false,
    });
  });

  it('scores garbage 0 without throwing', async () => {
    for (const text of ['I could not finish.', '```js\nfunction sum(xs) {\n```', '']) {
      const grade = await mixedCoding.grade(instance, single, new Map([[SINGLE_TASK_ID, text]]), ports);
      expect(grade['pass@1'], text).toBe(0);
    }
  });

  it('scores code that never finishes loading 0, waiting out the time limit once', async () => {
    const quick = generateMixedCoding({ ...spec, timeoutMs: 50 }, 1, 6);
    const answers = new Map([[SINGLE_TASK_ID, js(...names.map(reference), 'while (true) {}')]]);
    let timeouts = 0;
    const counting: CodeSandbox = {
      run: async (code, tests, ms) => {
        const result = await nodeSandbox.run(code, tests, ms);
        if (!result.ok) timeouts++;
        return result;
      },
    };
    const verdicts = await judgeFunctions(quick, single, answers, { sandbox: counting });
    expect(verdicts.map((v) => v.reason)).toEqual(names.map(() => 'timed out after 50 ms'));
    expect(timeouts).toBe(1);
  });

  it('needs a sandbox', async () => {
    await expect(mixedCoding.grade(instance, single, new Map(), {})).rejects.toThrow(/needs a code sandbox/);
  });

  it('is not fooled by code that redefines JSON, prototypes or String to forge its grade', async () => {
    const forge = `JSON.stringify = () => 'true'; Object.prototype.toJSON = function () { return 0; }; String = () => '0';`;
    const wrong = `function sum(xs) { return -1; }\n${forge}`;
    expect(await failing(swarm, swarmAnswers({ sum: wrong }))).toContain('sum');
  });
});

describe('extractCode', () => {
  it('joins fenced blocks, takes bare text as code, and reads an unclosed fence to the end', () => {
    expect(extractCode('a\n```js\nx()\n```\nb\n```\ny()\n```')).toBe('x()\n\ny()');
    expect(extractCode('  f()  ')).toBe('f()');
    expect(extractCode('text\n```javascript\ng()\n')).toBe('g()');
  });
});

describe('mixedCoding.tools', () => {
  it('offers run_js with a sandbox, with the registry result format, and calculator always', async () => {
    const tools = mixedCoding.tools(instance, ports);
    expect(Object.keys(tools).sort()).toEqual(['calculator', 'run_js']);
    const result = await tools.run_js!.run({
      code: reference('sum'),
      tests: libraryFunction('sum')!.visible,
    });
    expect(result.content).toMatch(/^3 passed, 0 failed\nPASS sum\(\[1, 2, 3\]\)/);
    expect(Object.keys(mixedCoding.tools(instance, {}))).toEqual(['calculator']);
  });
});
