import { describe, expect, it } from 'vitest';
import { heuristicPolicy } from '../../../../src/core/policy/heuristic';
import { serialPolicy } from '../../../../src/core/policy/serial';
import { runAnswer } from '../../../../src/core/run/final-answer';
import { prepareRun } from '../../../../src/core/run/prepare';
import { runPrepared } from '../../../../src/core/run/run';
import type { DeepSearchInstance } from '../../../../src/core/scenarios/deep-search';
import { simulatedProviderFor } from '../../../../src/core/scenarios/players';
import { normStr } from '../../../../src/core/scenarios/wide-search/normalize';
import { loadProfiles, loadSpec } from '../../../support/scenarios';

/**
 * Issue 44: a deep search handed back names with no questions beside them. It hands back each
 * question with the answer it got, and those answers are what was graded.
 */
const profiles = loadProfiles();

describe('a deep search’s answer', () => {
  it('puts each question beside its answer, and the share right is the grade', async () => {
    for (const [plan, policy] of [
      ['swarm', heuristicPolicy],
      ['single', serialPolicy],
    ] as const) {
      for (const seed of [1, 2, 3]) {
        const run = prepareRun({
          scenario: { type: 'task', spec: loadSpec('deep-search', 'deep-search') },
          seed,
          plan,
          profiles,
        });
        if (run.type !== 'task') throw new Error('not a task run');
        const result = await runPrepared(run, { policy, provider: simulatedProviderFor(profiles) });
        const text = runAnswer(run, result.answers) ?? '';
        const instance = run.instance as DeepSearchInstance;
        const blocks = text.split('\n\n');
        expect(blocks).toHaveLength(instance.questions.length);
        let right = 0;
        instance.questions.forEach((q, i) => {
          const [question, answer] = (blocks[i] ?? '').split('\n');
          expect(question).toBe(`Q${q.index}. ${q.text}`);
          const given = /^A: (.*)$/.exec(answer ?? '')?.[1] ?? '';
          if (normStr(given) === normStr(q.gold)) right++;
        });
        expect(right / instance.questions.length, `${plan} seed ${seed}`).toBe(result.metrics.itemF1);
      }
    }
  });
});
