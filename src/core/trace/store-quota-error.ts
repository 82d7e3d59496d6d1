/**
 * A write refused for lack of space; what was stored before it is untouched. Runs and trained
 * policies share the browser's storage, so both stores refuse with this one error.
 */
export class StoreQuotaError extends Error {
  override readonly name = 'StoreQuotaError';
  constructor(what: string, options?: { cause?: unknown }) {
    super(
      `Browser storage is full: ${what} could not be saved. Delete old runs in the library to make room.`,
      options,
    );
  }
}
