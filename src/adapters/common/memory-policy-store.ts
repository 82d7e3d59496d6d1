import {
  type PolicyStore,
  type PolicySummary,
  policiesNewestFirst,
  type StoredPolicy,
} from '../../core/learning/policy-store';
import { createMemoryLibrary, type MemoryLibraryOptions, reserve, sized } from './memory-library';

/**
 * The in-memory PolicyStore: for node tests, and the app's fallback when IndexedDB is not there
 * (some private modes). A save checks the quota first, so a refused save changes nothing.
 */
export function memoryPolicyStore(options: MemoryLibraryOptions = {}): PolicyStore {
  const db = options.db ?? createMemoryLibrary();
  let closed = false;
  const open = () => {
    if (closed) throw new Error('the policy store is closed');
  };

  return {
    async save(name: string, checkpoint: unknown, savedAt: number): Promise<void> {
      open();
      const entry = sized<StoredPolicy>({ name, savedAt, checkpoint });
      const old = db.policies.get(name)?.size ?? 0;
      reserve(db, options.quotaBytes, entry.size - old, `policy "${name}"`);
      db.bytes += entry.size - old;
      db.policies.set(name, entry);
    },

    async list(): Promise<PolicySummary[]> {
      open();
      return [...db.policies.values()]
        .map(({ value }) => ({ name: value.name, savedAt: value.savedAt }))
        .sort(policiesNewestFirst);
    },

    async get(name: string): Promise<StoredPolicy | undefined> {
      open();
      const entry = db.policies.get(name);
      return entry ? structuredClone(entry.value) : undefined;
    },

    async delete(name: string): Promise<void> {
      open();
      const entry = db.policies.get(name);
      if (!entry) return;
      db.bytes -= entry.size;
      db.policies.delete(name);
    },

    close() {
      closed = true;
    },
  };
}
