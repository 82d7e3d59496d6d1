import { describe, expect, it } from 'vitest';
import type { PolicyStore } from '../../src/core/learning/policy-store';
import { encodeTrace } from '../../src/core/trace/jsonl';
import type { TraceStore } from '../../src/core/trace/store';
import { diamond } from '../core/graph/test-graphs';
import { isQuotaError, sampleRun, wide } from './trace-store-contract';

export interface PolicyStoreUnderTest {
  readonly store: PolicyStore;
  /** A trace store over the same storage: the library the policies are kept beside. */
  readonly traces: TraceStore;
  /**
   * Closes `store` and `traces` at once (before any await) and opens a new policy store over the
   * same data: what a page reload does.
   */
  reopen(): Promise<PolicyStore>;
}

export interface MakePolicyStoreOptions {
  /**
   * A disk this many bytes large, roughly (JSON characters of what is written), shared by the
   * policies and the runs: writes that pass it fail as a full disk fails them.
   */
  readonly quotaBytes?: number;
}

/** A fresh, empty library for each call. */
export type MakePolicyStore = (options?: MakePolicyStoreOptions) => Promise<PolicyStoreUnderTest>;

/**
 * The PolicyStore port's contract, run against each adapter: memory (tests/adapters) and
 * IndexedDB in Chromium (tests/browser).
 */
export function policyStoreContract(name: string, makeStore: MakePolicyStore): void {
  const d = sampleRun(diamond);

  describe(`PolicyStore contract: ${name}`, () => {
    it('keeps trained policies: save, list newest first, get, replace, delete', async () => {
      const { store, traces } = await makeStore();
      const checkpoint = { kind: 'parl', weights: [0.5, -1.25, 3], meta: { epochs: 40 } };
      await store.save('parl-a', checkpoint, 1000);
      await store.save('bandit-b', { kind: 'bandit', arms: ['x'] }, 2000);
      checkpoint.weights.push(99); // what was saved is a copy
      expect(await store.list()).toEqual([
        { name: 'bandit-b', savedAt: 2000 },
        { name: 'parl-a', savedAt: 1000 },
      ]);
      expect(await store.get('parl-a')).toEqual({
        name: 'parl-a',
        savedAt: 1000,
        checkpoint: { kind: 'parl', weights: [0.5, -1.25, 3], meta: { epochs: 40 } },
      });

      await store.save('parl-a', { kind: 'parl', weights: [1] }, 3000);
      expect((await store.list()).map((p) => p.name)).toEqual(['parl-a', 'bandit-b']);
      expect((await store.get('parl-a'))?.checkpoint).toEqual({ kind: 'parl', weights: [1] });

      await store.delete('parl-a');
      await store.delete('never-was');
      expect(await store.list()).toEqual([{ name: 'bandit-b', savedAt: 2000 }]);
      expect(await store.get('parl-a')).toBeUndefined();
      // Policies live apart from runs.
      expect(await traces.list()).toEqual([]);
    });

    it('lists policies saved in the same millisecond by name', async () => {
      const { store } = await makeStore();
      for (const name of ['b', 'c', 'a']) await store.save(name, { kind: 'bandit' }, 7);
      expect((await store.list()).map((p) => p.name)).toEqual(['a', 'b', 'c']);
    });

    it('keeps policies over a reload', async () => {
      const { store, reopen } = await makeStore();
      await store.save('p', { kind: 'bandit', arms: [1, 2] }, 5);
      const again = await reopen();
      expect(await again.get('p')).toEqual({
        name: 'p',
        savedAt: 5,
        checkpoint: { kind: 'bandit', arms: [1, 2] },
      });
    });

    describe('when the disk is full', () => {
      // The small run and policy fit in the quota with room to spare; the wide trace is many
      // times larger than it.
      const quotaBytes = 60_000;
      const w = sampleRun(wide);
      const wideText = encodeTrace(w.header, w.events);

      const filled = async () => {
        expect(wideText.length).toBeGreaterThan(3 * quotaBytes);
        const { store, traces } = await makeStore({ quotaBytes });
        const run = await traces.begin(d.header, { id: 'small', label: 'small', startedAt: 1 });
        for (const e of d.events) run.append(e);
        await run.finish('done');
        await store.save('keep', { kind: 'bandit', arms: [1] }, 1);
        const before = await traces.list();
        const intact = async () => {
          expect(await traces.list()).toEqual(before);
          expect(await traces.exportJsonl('small')).toBe(encodeTrace(d.header, d.events));
          expect(await store.list()).toEqual([{ name: 'keep', savedAt: 1 }]);
          expect((await store.get('keep'))?.checkpoint).toEqual({ kind: 'bandit', arms: [1] });
        };
        return { store, traces, intact };
      };

      it('refuses a policy too big to save, keeping the others', async () => {
        const { store, intact } = await filled();
        // Noise, not a pattern: Chromium compresses large IndexedDB values, and i / 7 compressed
        // to fit the quota on Chromium 150.
        const huge = {
          kind: 'parl',
          weights: Array.from({ length: 30_000 }, (_, i) => Math.sin(i * 12.9898) * 43_758.5453),
        };
        isQuotaError(await store.save('huge', huge, 2).catch((e) => e));
        expect(await store.get('huge')).toBeUndefined();
        await intact();
      });

      it('keeps the policies when a trace is refused', async () => {
        const { traces, intact } = await filled();
        isQuotaError(
          await traces.importTrace(wideText, { id: 'wide', label: 'wide', startedAt: 2 }).catch((e) => e),
        );
        await intact();
      });
    });
  });
}
