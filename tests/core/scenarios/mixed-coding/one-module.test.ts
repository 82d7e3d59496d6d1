import { describe, expect, it } from 'vitest';
import { nodeSandbox } from '../../../../src/adapters/node/node-sandbox';
import { heuristicPolicy } from '../../../../src/core/policy/heuristic';
import { serialPolicy } from '../../../../src/core/policy/serial';
import { runAnswer } from '../../../../src/core/run/final-answer';
import { prepareRun } from '../../../../src/core/run/prepare';
import { runPrepared } from '../../../../src/core/run/run';
import {
  codingModule,
  type MixedCodingInstance,
  mixedCoding,
} from '../../../../src/core/scenarios/mixed-coding';
import { generateMixedCoding } from '../../../../src/core/scenarios/mixed-coding/generate';
import { libraryFunction, mutantSource } from '../../../../src/core/scenarios/mixed-coding/library';
import { TESTS_FUNCTION } from '../../../../src/core/scenarios/mixed-coding/module';
import { simulatedProviderFor } from '../../../../src/core/scenarios/players';
import { loadProfiles, loadSpec } from '../../../support/scenarios';

/**
 * Issue 44: a coding swarm handed back each subagent's fragment glued together, every fragment
 * repeating the code it was given, so a dependency appeared once per function built on it. It
 * hands back one module now (each function once, in dependency order, then its tests), and that
 * module is what was graded.
 */
const profiles = loadProfiles();
const ports = { sandbox: nodeSandbox };

const FENCE = /```js\n([\s\S]*?)\n```/g;
const declarations = (code: string, name: string) =>
  code.split('\n').filter((line) => new RegExp(`^function ${name}\\(`).test(line)).length;

/** pass@1 of `code` as a visitor would measure it: each function's hidden tests run on the code as shown. */
async function passShare(instance: MixedCodingInstance, code: string): Promise<number> {
  let passed = 0;
  for (const fn of instance.functions) {
    const result = await nodeSandbox.run(code, fn.hidden, instance.timeoutMs);
    if (result.ok && result.failed === 0 && result.passed === fn.hidden.length) passed++;
  }
  return passed / instance.functions.length;
}

describe('a coding run’s answer', () => {
  it('is one module, each function once in dependency order then its tests, graded exactly as shown', async () => {
    let imperfect = 0;
    for (const [plan, policy] of [
      ['swarm', heuristicPolicy],
      ['single', serialPolicy],
    ] as const) {
      for (const seed of [1, 2, 3, 4]) {
        const run = prepareRun({
          scenario: { type: 'task', spec: loadSpec('mixed-coding', 'mixed-coding') },
          seed,
          plan,
          profiles,
        });
        if (run.type !== 'task') throw new Error('not a task run');
        const result = await runPrepared(run, {
          policy,
          provider: simulatedProviderFor(profiles),
          ports,
          keepEvents: true,
        });
        const label = `${plan} seed ${seed}`;
        const text = runAnswer(run, result.answers) ?? '';
        const blocks = [...text.matchAll(FENCE)].map((m) => m[1] as string);
        expect(blocks, label).toHaveLength(1);
        expect(text.trim().startsWith('```js'), label).toBe(true);
        const code = blocks[0] as string;
        const instance = run.instance as MixedCodingInstance;
        const at = instance.functions.map((fn) => {
          expect(declarations(code, fn.name), `${label}: ${fn.name}`).toBe(1);
          return code.indexOf(`function ${fn.name}(`);
        });
        // Dependency order (the instance's), then the tests.
        expect(at, label).toEqual([...at].sort((a, b) => a - b));
        expect(code.indexOf(`function ${TESTS_FUNCTION}(`), label).toBeGreaterThan(Math.max(...at));
        // Graded as shown: the shown code's own pass@1 is the run's.
        const shown = await passShare(instance, code);
        expect(shown, label).toBeCloseTo(result.metrics['pass@1'], 12);
        if (shown < 1) imperfect++;
        // Its tests run as written: every visible test passes in a module that passes every hidden one.
        const own = await nodeSandbox.run(code, [{ call: `${TESTS_FUNCTION}().length`, expect: 0 }], 1000);
        expect(own.ok, label).toBe(true);
        if (shown === 1) expect(own.ok && own.passed, label).toBe(1);
        // And the trace records that same answer.
        const graded = result.events.find((e) => e.type === 'run.graded');
        expect(graded?.type === 'run.graded' ? graded.answer : undefined, label).toBe(text);
      }
    }
    // Some runs wrote a buggy function, so "graded as shown" was checked on a grade below 1 too.
    expect(imperfect).toBeGreaterThan(0);
  });

  it('takes each function from its own task, not from the copy a dependent was given', async () => {
    // Seed 1, size 6, share 1: sum → mean → variance → stddev, and gcd → lcm.
    const instance = generateMixedCoding(
      { kind: 'mixed-coding', id: 'coding-test', size: { default: 6, min: 2, max: 12 }, dependencyShare: 1 },
      1,
      6,
    );
    const plan = mixedCoding.plan(instance, 'swarm');
    const ref = (name: string) => libraryFunction(name)?.reference as string;
    // lcm's agent rewrote gcd wrongly in its own answer; gcd's task wrote it right.
    const badGcd = mutantSource(libraryFunction('gcd')!, 1);
    const answers = new Map(instance.functions.map((fn) => [fn.name, `\`\`\`js\n${ref(fn.name)}\n\`\`\``]));
    // gcd's agent left a check of its own at the end, which lcm's copy repeats.
    const check = "if (gcd(4, 6) !== 2) throw new Error('gcd');";
    answers.set('gcd', `\`\`\`js\n${ref('gcd')}\n${check}\n\`\`\``);
    answers.set('lcm', `Done.\n\n\`\`\`js\n${badGcd}\n${check}\n\n${ref('lcm')}\n\`\`\``);
    answers.set('stddev', `\`\`\`js\n${['sum', 'mean', 'variance', 'stddev'].map(ref).join('\n\n')}\n\`\`\``);
    const module = codingModule(instance, plan, answers);
    expect(module.source).toContain(ref('gcd'));
    expect(module.source).not.toContain(badGcd);
    expect(module.source.split(check)).toHaveLength(2);
    for (const fn of instance.functions) expect(declarations(module.source, fn.name), fn.name).toBe(1);
    const grade = await mixedCoding.grade(instance, plan, answers, ports);
    expect(grade['pass@1']).toBe(1);
    expect(await passShare(instance, module.source)).toBe(1);
  });

  it('names a function no answer declared under the module, and grades it failing', async () => {
    const instance = generateMixedCoding(
      { kind: 'mixed-coding', id: 'coding-test', size: { default: 6, min: 2, max: 12 }, dependencyShare: 1 },
      1,
      6,
    );
    const plan = mixedCoding.plan(instance, 'swarm');
    const answers = new Map(
      instance.functions.map((fn) => [fn.name, `\`\`\`js\n${libraryFunction(fn.name)?.reference}\n\`\`\``]),
    );
    answers.delete('variance');
    const text = mixedCoding.teamAnswer?.(instance, plan, answers) ?? '';
    expect(text).toMatch(/\n\nNot in the module \(no answer declared it\): variance\.$/);
    expect(declarations(text, 'variance')).toBe(0);
    // stddev calls it: both fail, the rest pass.
    expect((await mixedCoding.grade(instance, plan, answers, ports))['pass@1']).toBeCloseTo(4 / 6);
  });
});
