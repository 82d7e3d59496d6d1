const LOCK_PREFIX = 'swarmflight-run-';

/** Runs live in this page, for browsers without Web Locks. */
const liveHere = new Set<string>();

/**
 * The ids of the runs being recorded now, in any tab of this origin: each live run holds the Web
 * Lock `swarmflight-run-<id>`, which the browser lets go of when its tab closes or crashes. Without
 * Web Locks only this page's runs are known.
 */
export async function liveRunIds(): Promise<Set<string>> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return new Set(liveHere);
  const { held = [] } = await locks.query();
  const ids = new Set<string>();
  for (const lock of held) {
    if (lock.name?.startsWith(LOCK_PREFIX)) ids.add(lock.name.slice(LOCK_PREFIX.length));
  }
  return ids;
}

/** Takes the run's lock; resolves, once it is held, to the function that lets it go. */
export function holdRunLock(id: string): Promise<() => void> {
  const locks = globalThis.navigator?.locks;
  liveHere.add(id);
  const forget = () => liveHere.delete(id);
  if (!locks) return Promise.resolve(forget);
  return new Promise((granted, refused) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    locks
      .request(`${LOCK_PREFIX}${id}`, () => {
        granted(() => {
          forget();
          release();
        });
        return held;
      })
      .catch(refused);
  });
}
