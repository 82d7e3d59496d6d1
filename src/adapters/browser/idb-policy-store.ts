import {
  type PolicyStore,
  type PolicySummary,
  policiesNewestFirst,
  type StoredPolicy,
} from '../../core/learning/policy-store';
import { type IdbLibraryOptions, LIBRARY_DB_NAME, openIdbLibrary, quietly } from './idb-library';

/**
 * The PolicyStore over IndexedDB: the library database's `policies` object store, where every
 * version of SwarmFlight has kept trained policies (a record `{ name, savedAt, checkpoint }` by
 * name), so that policies saved before the store had a port of its own read as they were.
 */
export async function openIdbPolicyStore(
  name = LIBRARY_DB_NAME,
  options: IdbLibraryOptions = {},
): Promise<PolicyStore> {
  const library = await openIdbLibrary(name, options);
  const { write, read } = library;

  return {
    async save(name: string, checkpoint: unknown, savedAt: number): Promise<void> {
      const value: StoredPolicy = { name, savedAt, checkpoint };
      await write(['policies'], 'policy', `policy "${name}"`, async (tx) => {
        quietly(tx.objectStore('policies').put(value));
        return [value];
      });
    },

    async list(): Promise<PolicySummary[]> {
      const policies = await read(['policies'], (tx) => tx.objectStore('policies').getAll());
      return policies.map(({ name, savedAt }) => ({ name, savedAt })).sort(policiesNewestFirst);
    },

    get: (name: string): Promise<StoredPolicy | undefined> =>
      read(['policies'], (tx) => tx.objectStore('policies').get(name)),

    async delete(name: string): Promise<void> {
      await write(['policies'], 'delete', `the deletion of policy "${name}"`, async (tx) => {
        quietly(tx.objectStore('policies').delete(name));
        return [];
      });
    },

    close: () => library.close(),
  };
}
