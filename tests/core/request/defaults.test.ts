/**
 * Defaults written once (src/core/request/defaults.ts): a run that leaves out its policy, seed or
 * healing is the same run on the page, through the API's normal request and from each CLI command.
 */

import { describe, expect, it } from 'vitest';
import { benchTable } from '../../../src/cli/bench-flags';
import { chaosTable } from '../../../src/cli/chaos';
import type { CommandTable } from '../../../src/cli/flags';
import { routeTable } from '../../../src/cli/router';
import { runTable } from '../../../src/cli/run';
import { scheduleTable } from '../../../src/cli/schedule';
import { DEFAULT_HEALING, DEFAULT_POLICY, DEFAULT_SEED } from '../../../src/core/request/defaults';
import { normalRequest } from '../../../src/core/request/run-input';
import { stateOfRequest } from '../../../src/ui/request-state';
import { defaultState } from '../../../src/ui/url-state';

const flagDefault = (table: CommandTable, name: string) => table.flags.find((f) => f.name === name)?.default;

describe('the defaults of a run request', () => {
  it('are the same on the page, in the API and in the CLI', () => {
    expect(DEFAULT_POLICY).toBe('heuristic');
    expect(DEFAULT_SEED).toBe(1);
    expect(DEFAULT_HEALING).toBe('on');
    expect(normalRequest({ scenario: 'wide-search' })).toMatchObject({
      policy: DEFAULT_POLICY,
      seed: DEFAULT_SEED,
      healing: DEFAULT_HEALING,
    });
    expect(defaultState).toMatchObject({
      policy: DEFAULT_POLICY,
      seed: DEFAULT_SEED,
      healing: DEFAULT_HEALING,
    });
    const page = stateOfRequest({ scenario: 'deep-search' }, { ...defaultState, policy: 'serial', seed: 7 });
    expect(page).toMatchObject({ policy: DEFAULT_POLICY, seed: DEFAULT_SEED, healing: DEFAULT_HEALING });
    expect(flagDefault(runTable, 'policy')).toBe(DEFAULT_POLICY);
    expect(flagDefault(chaosTable, 'policy')).toBe(DEFAULT_POLICY);
    for (const table of [runTable, routeTable, scheduleTable])
      expect(flagDefault(table, 'seed')).toBe(DEFAULT_SEED);
    expect(flagDefault(benchTable, 'seed-start')).toBe(String(DEFAULT_SEED));
  });
});
