import { deleteDB, openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { type BaselineStore, openIdbBaselines } from '../../src/adapters/browser/idb-baselines';
import { baselineOf, emptyKnowledge, rememberRun } from '../../src/core/healing/knowledge';

// Real IndexedDB in Chromium; every test starts from an empty database.
const DB = 'swarmflight-healing-test';
const opened: BaselineStore[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) store.close();
  await deleteDB(DB);
});
async function open() {
  const store = await openIdbBaselines(DB);
  opened.push(store);
  return store;
}

describe('the healing baselines in IndexedDB', () => {
  it('start empty, keep what is written across reopening, and median the runs of a key', async () => {
    const first = await open();
    expect(await first.read()).toEqual(emptyKnowledge());
    let k = emptyKnowledge();
    for (const steps of [9, 10, 8]) k = rememberRun(k, 'wide-search:60', steps);
    await first.write(k);
    first.close();
    const again = await open();
    expect(baselineOf(await again.read(), 'wide-search:60')).toBe(9);
  });

  it('set aside a record it cannot trust and start from none', async () => {
    (await open()).close();
    const raw = await openDB(DB, 1);
    await raw.put(
      'knowledge',
      { schema: 'swarmflight.knowledge/1', baselines: { x: ['lots'] } },
      'baselines',
    );
    raw.close();
    expect(await (await open()).read()).toEqual(emptyKnowledge());
  });
});
