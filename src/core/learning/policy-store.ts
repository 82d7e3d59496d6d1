/**
 * The port for trained policies kept in the library: checkpoints (./checkpoint) saved under a
 * name, in the browser (adapters/browser/idb-policy-store) or in memory (adapters/common/memory-policy-store).
 * Both adapters pass tests/support/policy-store-contract.ts. A save refused for lack of space
 * rejects with a StoreQuotaError (trace/store-quota-error), as the trace store's writes do: the two
 * share the browser's storage.
 */
export interface PolicyStore {
  /** Saves (or replaces) a trained policy's checkpoint under `name`; `savedAt` is wall-clock ms. */
  save(name: string, checkpoint: unknown, savedAt: number): Promise<void>;
  /** Newest first (policiesNewestFirst). */
  list(): Promise<PolicySummary[]>;
  get(name: string): Promise<StoredPolicy | undefined>;
  /** An unknown name is not an error. */
  delete(name: string): Promise<void>;
  /** Lets go of the storage, as a page unload does. */
  close(): void;
}

export interface PolicySummary {
  readonly name: string;
  readonly savedAt: number;
}

export interface StoredPolicy extends PolicySummary {
  readonly checkpoint: unknown;
}

/** The order PolicyStore.list gives: newest first, policies saved in the same millisecond by name. */
export function policiesNewestFirst(a: PolicySummary, b: PolicySummary): number {
  return b.savedAt - a.savedAt || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}
