import { describe, expect, it } from 'vitest';
import { scriptedProvider } from '../../../src/core/providers/scripted';
import { arbitrateWithModel } from '../../../src/core/router/arbiter-model';
import {
  arbitratedExamples,
  arbitrationItem,
  enqueue,
  labelItem,
  needsArbitration,
  pendingItems,
  readArbitrationItems,
} from '../../../src/core/router/arbitration';
import { routeQuery } from '../../../src/core/router/router';

const unsure = 'thanks, that is all for today';
const sure = 'Explain photosynthesis to a 10-year-old';

describe('the arbitration queue', () => {
  it('queues a request the rules are unsure of, and not one they are sure of', () => {
    expect(needsArbitration(routeQuery(undefined, unsure))).toBe(true);
    expect(needsArbitration(routeQuery(undefined, sure))).toBe(false);
  });

  it('holds a request once, however it is spaced or capitalised', () => {
    const a = arbitrationItem(unsure, routeQuery(undefined, unsure), 1);
    const b = arbitrationItem(`  THANKS,  that is all for today `, routeQuery(undefined, unsure), 2);
    const first = enqueue([], a);
    expect(first.added).toBe(true);
    const second = enqueue(first.queue, b);
    expect(second.added).toBe(false);
    expect(second.queue).toHaveLength(1);
  });

  it('turns labelled items into classifier examples, and refuses a label that is no choice', () => {
    const item = arbitrationItem(unsure, routeQuery(undefined, unsure), 1);
    expect(labelItem(item, 'peers/nonsense', 'user', 2)).toMatchObject({ ok: false });
    const done = labelItem(item, 'single/general', 'user', 2);
    if (!done.ok) throw new Error(done.message);
    const other = arbitrationItem(
      'Decide between A and B',
      routeQuery(undefined, 'Decide between A and B'),
      3,
    );
    expect(arbitratedExamples([done.item, other])).toEqual([{ text: unsure, label: 'single/general' }]);
    expect(pendingItems([done.item, other]).map((i) => i.id)).toEqual([other.id]);
  });

  it('reads stored items back, and names the first broken field of an edited one', () => {
    const item = arbitrationItem(unsure, routeQuery(undefined, unsure), 1);
    expect(readArbitrationItems(JSON.parse(JSON.stringify([item])))).toEqual({ ok: true, items: [item] });
    expect(readArbitrationItems({})).toMatchObject({ ok: false });
    const labelledWithout = { ...item, status: 'labelled' };
    expect(readArbitrationItems([item, labelledWithout])).toEqual({
      ok: false,
      message: 'item 2: label: set exactly when labelled',
    });
    const badLabel = { ...item, routed: { ...item.routed, label: 'swarm/nowhere' } };
    expect(readArbitrationItems([badLabel])).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^item 1, routed\.label: a choice label/),
    });
  });
});

describe('arbitration by a model', () => {
  const item = arbitrationItem(unsure, routeQuery(undefined, unsure), 1);

  it('answers a reply that is no choice with the error, and takes the corrected one', async () => {
    const provider = scriptedProvider([
      { content: 'I think a swarm' },
      { content: '{"label": "swarm/poetry"}' },
      { content: '{"label": "single/general", "reason": "a goodbye"}' },
    ]);
    const result = await arbitrateWithModel(provider, item, { model: 'm' });
    expect(result.label).toBe('single/general');
    expect(result.reason).toBe('a goodbye');
    expect(result.refused).toHaveLength(2);
    expect(result.refused[0]).toMatch(/not JSON/);
    expect(result.refused[1]).toMatch(/label is one of/);
    // The model saw the refusal in words, and the router's candidates in the question.
    const last = provider.requests[2]?.messages ?? [];
    expect(String(last.at(-1)?.content)).toMatch(/refused: label is one of/);
    expect(String(last[1]?.content)).toMatch(/The router chose single\/general at confidence 0\.30/);
  });

  it('gives up after its attempts with no label', async () => {
    const provider = scriptedProvider([{ content: 'no' }, { content: 'no' }]);
    const result = await arbitrateWithModel(provider, item, { model: 'm', attempts: 2 });
    expect(result.label).toBeUndefined();
    expect(result.refused).toHaveLength(2);
  });
});
