import { describe, it } from 'vitest';
import { workerSandbox } from '../../src/adapters/browser/worker-sandbox';
import { expectStopped, nativeCallAttacks, performAttack } from '../support/native-call-attacks';

/**
 * Issue 57's attack in the page: one native call of QuickJS that runs for seconds without
 * returning to the engine's interrupt check. The page's worker of the sandbox frame is terminated
 * half a second past the limit; the run fails in words, and the page's own thread is free all along.
 */
describe("the page's sandbox against one native call that runs for seconds", () => {
  for (const attack of nativeCallAttacks)
    it(`ends the run ${attack.name} within its limit + 1 s, failed, the page's thread free`, async () => {
      expectStopped(await performAttack(workerSandbox(), attack, 500, () => performance.now()), 500);
    }, 30_000);
});
