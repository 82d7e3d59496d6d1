/**
 * `swarm bench`'s fields of the runs themselves (the baseline, size, profile, workers), refused
 * before any run when the scenario cannot take them; a task scenario's in the run request's own
 * words (run-input.ts), as the API and the page refuse them.
 */

import type { Policy } from '../core/policy/types';
import { checkAgainst, RequestError } from '../core/request/run-input';
import type { ProfileSpec } from '../core/scenarios/spec-types';
import { UsageError } from './errors';
import { CLI_PROVIDERS } from './provider-flags';
import type { readScenario } from './scenario-file';

type Scenario = ReturnType<typeof readScenario>;

export function checkBenchRuns(
  scenario: Scenario,
  policies: readonly Policy[],
  profiles: Readonly<Record<string, ProfileSpec>>,
  fields: {
    readonly baseline: string | undefined;
    readonly size: number | undefined;
    readonly profile: string | undefined;
    readonly workers: number | undefined;
  },
): void {
  const { baseline, size, profile, workers } = fields;
  if (baseline !== undefined && !policies.some((p) => p.name === baseline)) {
    throw new UsageError(
      `--baseline must be one of the policies run (${policies.map((p) => p.name).join(', ')}), got "${baseline}"`,
    );
  }
  if (size !== undefined && scenario.type !== 'task') {
    throw new UsageError(
      '--size applies to task scenarios, not graph or mix files (a mix sets its own sizes)',
    );
  }
  if (scenario.type === 'task') {
    try {
      checkAgainst(
        {
          scenario: scenario.spec.id,
          ...(size !== undefined ? { size } : {}),
          ...(profile !== undefined ? { profile } : {}),
        },
        { type: 'task', spec: scenario.spec },
        { profiles, sandbox: true, knowledgeBase: false, providers: CLI_PROVIDERS },
      );
    } catch (error) {
      if (error instanceof RequestError) throw new UsageError(`--${error.field}: ${error.message}`);
      throw error;
    }
  } else if (profile !== undefined && !Object.hasOwn(profiles, profile)) {
    throw new UsageError(
      `--profile: profile must be one of ${Object.keys(profiles).join(', ')}, not "${profile}"`,
    );
  }
  if (workers !== undefined && scenario.type !== 'graph')
    throw new UsageError(
      '--workers sets the subagents of a graph scenario; a task scenario takes its own from its budgets (maxConcurrentSubagents in its file)',
    );
}
