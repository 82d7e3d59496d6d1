import fc from 'fast-check';
import type { GraphScenario, TaskGraph, TaskSpec } from '../../../src/core/graph/types';
import { graphOrThrow } from '../../../src/core/graph/validate';
import { criticalPathPolicy } from '../../../src/core/policy/critical-path';
import { heuristicPolicy } from '../../../src/core/policy/heuristic';
import { serialPolicy } from '../../../src/core/policy/serial';
import type { Policy } from '../../../src/core/policy/types';
import {
  type FailurePolicy,
  type JoinMode,
  makeConfig,
  type OnBudgetExhausted,
  type RunConfigInput,
} from '../../../src/core/runtime/config';
import type { Clock } from '../../../src/core/runtime/ports';
import type { SimulateResult } from '../../../src/core/runtime/run-options';
import { simulate } from '../../../src/core/runtime/simulate';
import type { TraceEvent } from '../../../src/core/trace/events';
import { type ScheduleEntry, scheduleFromEvents } from '../../../src/core/trace/schedule';
import { fcRuns } from '../../support/fc-runs';
import { arbitraryDag, arbitraryRandomGraph } from '../graph/graph-arbitrary';

/** Random runs for the property tests: a graph scenario, a policy and a config. */
// ---------------------------------------------------------------------------------------------
// Scenarios: a random DAG (5–40 tasks, 0–10 steps), decorated per task, and a random config.
// ---------------------------------------------------------------------------------------------

export type PolicyName = 'serial' | 'critical-path' | 'heuristic';
export const policies: Record<PolicyName, Policy> = {
  serial: serialPolicy,
  'critical-path': criticalPathPolicy,
  heuristic: heuristicPolicy,
};

export interface Scenario {
  readonly graph: GraphScenario;
  readonly policy: PolicyName;
  readonly config: RunConfigInput;
}

export interface ScenarioOptions {
  /** Random failProbability per task (default true); false makes every attempt succeed. */
  readonly failures?: boolean;
  /** Random finite budgets (default true); false leaves the defaults, which these graphs never reach. */
  readonly budgets?: boolean;
  readonly failurePolicy?: FailurePolicy;
  readonly join?: JoinMode;
  readonly mainStepCost?: number;
  readonly policy?: PolicyName;
}

const MAX_TASKS = 40;

const graphs: fc.Arbitrary<GraphScenario> = fc.oneof(
  arbitraryDag(MAX_TASKS, 10, 5),
  arbitraryRandomGraph(MAX_TASKS, { minTasks: 5, maxSteps: 10 }),
);

/** What is added to one task: a failure chance in [0, 0.6] (often 0), tool calls, a `default`. */
const decoration = fc.record({
  fail: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 60 })),
  toolCalls: fc.integer({ min: 0, max: 5 }),
  withDefault: fc.boolean(),
});

/** A budget that is either absent (the default, never reached here) or drawn from `arb`. */
const maybe = (arb: fc.Arbitrary<number>) => fc.option(arb, { nil: undefined, freq: 2 });

export function scenarios(options: ScenarioOptions = {}): fc.Arbitrary<Scenario> {
  const failures = options.failures ?? true;
  const budgets = options.budgets ?? true;
  const pick = <T>(fixed: T | undefined, ...values: T[]) =>
    fixed === undefined ? fc.constantFrom(...values) : fc.constant(fixed);
  return fc
    .record({
      graph: graphs,
      decorations: fc.array(decoration, { minLength: MAX_TASKS, maxLength: MAX_TASKS }),
      policy: pick<PolicyName>(options.policy, 'serial', 'critical-path'),
      seed: fc.integer({ min: 0, max: 1_000_000 }),
      workers: fc.integer({ min: 1, max: 16 }),
      mainStepCost:
        options.mainStepCost === undefined
          ? fc.integer({ min: 0, max: 3 })
          : fc.constant(options.mainStepCost),
      join: pick<JoinMode>(options.join, 'async', 'barrier'),
      failurePolicy: pick<FailurePolicy>(options.failurePolicy, 'fail-fast', 'skip-dependents', 'continue'),
      onBudgetExhausted: fc.constantFrom<OnBudgetExhausted>('cancel', 'drain'),
      retry: fc.record({
        maxAttempts: fc.integer({ min: 1, max: 4 }),
        backoffInitial: fc.integer({ min: 0, max: 3 }),
        backoffFactor: fc.integer({ min: 1, max: 3 }),
        backoffMax: fc.integer({ min: 0, max: 8 }),
        degradeOffCriticalPath: fc.boolean(),
      }),
      maxToolCalls: maybe(fc.integer({ min: 0, max: 150 })),
      maxCriticalSteps: maybe(fc.integer({ min: 0, max: 120 })),
      maxOrchestratorSteps: maybe(fc.integer({ min: 0, max: 60 })),
      maxStepsPerSubagent: maybe(fc.integer({ min: 0, max: 12 })),
    })
    .map((d): Scenario => {
      const tasks: TaskSpec[] = d.graph.tasks.map((t, i) => {
        const deco = d.decorations[i] as (typeof d.decorations)[number];
        return {
          ...t,
          toolCalls: deco.toolCalls,
          ...(failures && deco.fail > 0 ? { failProbability: deco.fail / 100 } : {}),
          ...(deco.withDefault ? { default: null } : {}),
        };
      });
      const limits = budgets
        ? {
            ...(d.maxToolCalls === undefined ? {} : { maxToolCalls: d.maxToolCalls }),
            ...(d.maxCriticalSteps === undefined ? {} : { maxCriticalSteps: d.maxCriticalSteps }),
            ...(d.maxOrchestratorSteps === undefined ? {} : { maxOrchestratorSteps: d.maxOrchestratorSteps }),
            ...(d.maxStepsPerSubagent === undefined ? {} : { maxStepsPerSubagent: d.maxStepsPerSubagent }),
          }
        : {};
      return {
        graph: { ...d.graph, tasks },
        policy: d.policy,
        config: {
          seed: d.seed,
          join: d.join,
          mainStepCost: d.mainStepCost,
          failurePolicy: d.failurePolicy,
          onBudgetExhausted: d.onBudgetExhausted,
          retry: d.retry,
          budgets: { maxConcurrentSubagents: d.workers, ...limits },
        },
      };
    });
}

export interface Run {
  readonly graph: TaskGraph;
  readonly result: SimulateResult;
  readonly schedule: ScheduleEntry[];
}

export function run(
  s: Scenario,
  extra: { signal?: AbortSignal; onEvent?: (e: TraceEvent) => void; clock?: Clock } = {},
): Run {
  const graph = graphOrThrow(s.graph);
  const result = simulate({ graph, config: makeConfig(s.config), policy: policies[s.policy], ...extra });
  return { graph, result, schedule: scheduleFromEvents(result.events) };
}

export const workersOf = (s: Scenario): number => s.config.budgets?.maxConcurrentSubagents ?? 100;

// Each property runs this many scenarios; together they keep the file to a few seconds on 2 cores.
export const RUNS = { numRuns: fcRuns(Number(process.env.PROPERTY_RUNS ?? 150)) };
