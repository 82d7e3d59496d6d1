import { deleteDB, openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import {
  memoryArbitrationStore,
  openIdbArbitrationStore,
} from '../../src/adapters/browser/idb-arbitration-store';
import { arbitrationItem, labelItem } from '../../src/core/router/arbitration';
import type { ArbitrationStore } from '../../src/core/router/arbitration-store';
import { routeQuery } from '../../src/core/router/router';

// Real IndexedDB in Chromium; every test starts from an empty database.
const DB = 'swarmflight-router-test';
const opened: ArbitrationStore[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) store.close();
  await deleteDB(DB);
});
async function open() {
  const store = await openIdbArbitrationStore(DB);
  opened.push(store);
  return store;
}

const item = (query: string, at: number) => arbitrationItem(query, routeQuery(undefined, query), at);

describe.each([
  ['IndexedDB', open],
  ['memory', async () => memoryArbitrationStore()],
])('the arbitration queue in %s', (_, make) => {
  it('keeps a request once, in the order queued, and its label', async () => {
    const store = await make();
    expect(await store.add(item('thanks, that is all', 2))).toBe(true);
    expect(await store.add(item('hmm whatever zork', 1))).toBe(true);
    expect(await store.add(item('  THANKS, that is all ', 3))).toBe(false);
    const { items } = await store.list();
    expect(items.map((i) => i.query)).toEqual(['hmm whatever zork', 'thanks, that is all']);
    const done = labelItem(items[0] as never, 'single/general', 'user', 5);
    if (!done.ok) throw new Error(done.message);
    await store.put(done.item);
    expect((await store.list()).items[0]).toMatchObject({
      status: 'labelled',
      label: 'single/general',
      by: 'user',
    });
    await store.delete(done.item.id);
    expect((await store.list()).items).toHaveLength(1);
  });
});

describe('the arbitration queue in IndexedDB', () => {
  it('survives closing and reopening, and reports a record it cannot read instead of using it', async () => {
    const first = await open();
    await first.add(item('thanks, that is all', 1));
    first.close();
    // A record an older or tampered page wrote.
    const raw = await openDB(DB, 1);
    await raw.put('arbitration', { id: 'broken', query: '' });
    raw.close();
    const again = await open();
    const { items, unreadable } = await again.list();
    expect(items.map((i) => i.query)).toEqual(['thanks, that is all']);
    expect(unreadable).toBe(1);
  });
});
