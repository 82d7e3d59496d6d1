/**
 * The price table as an input (issue 59 item 3): a policy trained across price tables reads each
 * profile's price factor from the prices its run is priced with — 0 at the reference table
 * (scenarios/profiles.json), moving with the table — and acts on it; one trained without reads
 * nothing of prices, and its checkpoint (like CLI default training's) keeps the features it had.
 */
import { describe, expect, it } from 'vitest';
import {
  featureLayout,
  PREFERENCE_FEATURES,
  TASK_FEATURES,
  taskWidth,
} from '../../../src/core/learning/features';
import { initParams, PLANS, parlPolicy } from '../../../src/core/learning/parl';
import {
  atReferencePrices,
  PRICE_FEATURES,
  PRICED_PROFILES,
  priceFactor,
  REFERENCE_PRICES,
} from '../../../src/core/learning/price-features';
import { scaledPrices } from '../../../src/core/learning/price-sampling';
import type { Policy } from '../../../src/core/policy/types';
import { planChooser } from '../../../src/core/policy/types';
import { prepareRun } from '../../../src/core/run/prepare';
import { runPrepared } from '../../../src/core/run/run';
import { simulatedProviderFor } from '../../../src/core/scenarios/players';
import type { ProfileSpec } from '../../../src/core/scenarios/spec-types';
import { loadProfiles, loadSpec } from '../../support/scenarios';

const profiles = loadProfiles();
const wide = loadSpec('wide-search', 'wide-search');

async function run(policy: Policy, table: Readonly<Record<string, ProfileSpec>> = profiles) {
  const prepared = prepareRun({
    scenario: { type: 'task', spec: { ...wide, budgets: { ...wide.budgets, maxCriticalSteps: 30 } } },
    seed: 3,
    size: 12,
    plan: planChooser(policy),
    profiles: table,
  });
  return runPrepared(prepared, { policy, provider: simulatedProviderFor(table), keepEvents: true });
}

/** A PARL policy reading prices whose weights are 0 but for `set` (plan head, by feature name). */
function reader(set: Readonly<Record<string, number>> = {}, plan = 'single'): Policy {
  const params = initParams('prices');
  const names = featureLayout('prices').task;
  for (const [name, w] of Object.entries(set))
    params.plan[PLANS.indexOf(plan as (typeof PLANS)[number]) * taskWidth('prices') + names.indexOf(name)] =
      w;
  return parlPolicy({ params, mode: 'greedy', log: true, name: 'parl:prices' });
}

const priceColumns = (x: readonly number[]) => {
  const from = TASK_FEATURES.length + PREFERENCE_FEATURES.length;
  return x.slice(from, from + PRICE_FEATURES.length);
};

describe('price features', () => {
  it('the reference table is scenarios/profiles.json, whose factors are exactly 1', () => {
    for (const p of PRICED_PROFILES) {
      expect((profiles[p] as ProfileSpec).price).toEqual(REFERENCE_PRICES[p]);
      expect(priceFactor(Object.fromEntries(Object.entries(profiles).map(([n, s]) => [n, s.price])), p)).toBe(
        1,
      );
    }
  });

  it('read exactly 0 at the reference table, in the plan decision and at every step', async () => {
    const result = await run(reader());
    const plan = result.header.planDecision?.features as number[];
    expect(plan).toHaveLength(taskWidth('prices'));
    expect(priceColumns(plan).every((x) => x === 0)).toBe(true);
    const steps = result.events.flatMap((e) =>
      'decision' in e && e.decision ? [e.decision.features as number[]] : [],
    );
    expect(steps.length).toBeGreaterThan(0);
    for (const x of steps) expect(priceColumns(x).every((v) => v === 0)).toBe(true);
  });

  it('move with the table the run is priced with: each factor less 1, alone and on its kind', async () => {
    const table = scaledPrices(profiles, { small: 1.5, medium: 0.5, large: 1.25 });
    const plan = (await run(reader(), table)).header.planDecision?.features as number[];
    const x = priceColumns(plan);
    const at = (name: string) => x[PRICE_FEATURES.indexOf(name as (typeof PRICE_FEATURES)[number])];
    expect(at('price(small)-1')).toBeCloseTo(0.5, 12);
    expect(at('price(medium)-1')).toBeCloseTo(-0.5, 12);
    expect(at('price(large)-1')).toBeCloseTo(0.25, 12);
    expect(at('(price(medium)-1)·kind=wide-search')).toBeCloseTo(-0.5, 12);
    expect(at('(price(medium)-1)·kind=deep-search')).toBe(0);
    expect(atReferencePrices(Object.fromEntries(Object.entries(table).map(([n, s]) => [n, s.price])))).toBe(
      false,
    );
  });

  it('a policy reading them plays otherwise under a dearer table; one without plays alike', async () => {
    // Single unless large is dearer than the reference: only a policy that reads prices can tell.
    const reads = () => reader({ 'price(large)-1': -20 });
    const dear = scaledPrices(profiles, { large: 1.5 });
    expect((await run(reads())).plan.mode).toBe('single');
    expect((await run(reads(), dear)).plan.mode).toBe('swarm');
    expect(reads().priceInputs).toBe(true);
    const blind = parlPolicy({ params: initParams('preference'), mode: 'greedy', name: 'parl:blind' });
    expect(blind.priceInputs).toBe(false);
    expect((await run(blind)).plan.mode).toBe((await run(blind, dear)).plan.mode);
  });
});
