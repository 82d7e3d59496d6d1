import { describe, expect, it } from 'vitest';
import { createMemoryLibrary } from '../../src/adapters/common/memory-library';
import { memoryPolicyStore } from '../../src/adapters/common/memory-policy-store';
import { memoryTraceStore } from '../../src/adapters/common/memory-trace-store';
import { policyStoreContract } from '../support/policy-store-contract';

policyStoreContract('memory', async (options = {}) => {
  const db = createMemoryLibrary();
  const store = memoryPolicyStore({ db, ...options });
  const traces = memoryTraceStore({ db, ...options });
  return {
    store,
    traces,
    reopen: async () => {
      store.close();
      traces.close();
      return memoryPolicyStore({ db, ...options });
    },
  };
});

describe('memory policy store', () => {
  it('closing refuses further use', async () => {
    const store = memoryPolicyStore();
    await store.save('p', { kind: 'bandit' }, 1);
    store.close();
    await expect(store.list()).rejects.toThrow(/closed/);
    await expect(store.get('p')).rejects.toThrow(/closed/);
  });
});
