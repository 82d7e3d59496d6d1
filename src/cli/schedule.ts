import { parseArgs } from 'node:util';
import { criticalPath, lowerBound } from '../core/graph/cpm';
import { policyByName, policyNames } from '../core/policy/registry';
import { formationProblem, formationsOf } from '../core/run/formations';
import { defaultBudgets, makeConfig } from '../core/runtime/config';
import { simulate } from '../core/runtime/simulate';
import { encodeTrace } from '../core/trace/jsonl';
import { realizedLowerBound } from '../core/trace/realized-bound';
import { type PathNode, RealizedFold } from '../core/trace/realized-path';
import { scheduleFromEvents } from '../core/trace/schedule';
import { oneOf, UsageError, wholeNumber } from './errors';
import { gantt } from './gantt';
import { readGraphFile } from './graph-file';
import {
  MAX_ATTEMPTS,
  MAX_BUDGET,
  MAX_MAIN_STEP_COST,
  MAX_REPEAT,
  MAX_SEED,
  MAX_STEP_TIME,
  MAX_WORKERS,
} from './limits';
import { checkOutputs, writeFile } from './safe-write';

const DEFAULT_MAX_STEPS = defaultBudgets.maxStepsPerSubagent;

/** The built-in policies whose plan a graph has (not peers: a graph has no peers to take turns). */
const graphPolicies = () =>
  policyNames().filter((name) => formationsOf('graph').includes(policyByName(name).plan ?? 'swarm'));

export const scheduleHelp = `swarm schedule --graph FILE --workers P [options]

Runs a graph scenario through the orchestrator runtime and prints its schedule.

  --graph FILE            graph scenario JSON (docs/architecture.md, contracts)
  --workers P             subagents that may run at once (≥ 1)
  --policy NAME           ${graphPolicies().join(' | ')} (default critical-path)
  --main-step-cost N      step-time one orchestrator decision costs (default 1)
  --join async|barrier    when the orchestrator wakes (default async)
  --failure-policy NAME   fail-fast | skip-dependents | continue (default skip-dependents)
  --max-attempts N        attempts per task, the first included (default 3)
  --max-critical-steps N  critical-steps budget (default none)
  --max-tool-calls N      tool-call budget (default 1500)
  --max-steps-per-subagent N  steps one attempt may run (default ${DEFAULT_MAX_STEPS}, the report's limit)
  --seed S                seed for simulated failures (default 1)
  --repeat N              run N times and report the mean wall time per run, after N − 1
                          untimed runs to warm up (default 1)
  --trace FILE.jsonl      write the run's trace
  --json                  print one JSON document`;

export function schedule(argv: string[], out: (text: string) => void): void {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      graph: { type: 'string' },
      workers: { type: 'string' },
      policy: { type: 'string' },
      'main-step-cost': { type: 'string' },
      join: { type: 'string' },
      'failure-policy': { type: 'string' },
      'max-attempts': { type: 'string' },
      'max-critical-steps': { type: 'string' },
      'max-tool-calls': { type: 'string' },
      'max-steps-per-subagent': { type: 'string' },
      seed: { type: 'string' },
      repeat: { type: 'string' },
      trace: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  if (values.graph === undefined) throw new UsageError('--graph FILE is required');
  if (values.workers === undefined) throw new UsageError('--workers P is required');
  const workers = wholeNumber('workers', values.workers, 1, 1, MAX_WORKERS);
  const policy = (() => {
    try {
      return policyByName(values.policy ?? 'critical-path');
    } catch (error) {
      throw new UsageError(`--policy: ${(error as Error).message}`);
    }
  })();
  const formation = formationProblem('graph', policy.plan ?? 'swarm');
  if (formation) throw new UsageError(`--policy ${values.policy}: ${formation}`);
  const mainStepCost = wholeNumber('main-step-cost', values['main-step-cost'], 1, 0, MAX_MAIN_STEP_COST);
  const repeat = wholeNumber('repeat', values.repeat, 1, 1, MAX_REPEAT);
  const maxStepsPerSubagent = wholeNumber(
    'max-steps-per-subagent',
    values['max-steps-per-subagent'],
    DEFAULT_MAX_STEPS,
    1,
    MAX_BUDGET,
  );
  const config = makeConfig({
    seed: wholeNumber('seed', values.seed, 1, 0, MAX_SEED),
    join: oneOf('join', values.join, ['async', 'barrier'] as const, 'async'),
    mainStepCost,
    failurePolicy: oneOf(
      'failure-policy',
      values['failure-policy'],
      ['fail-fast', 'skip-dependents', 'continue'] as const,
      'skip-dependents',
    ),
    budgets: {
      maxConcurrentSubagents: workers,
      maxStepsPerSubagent,
      maxCriticalSteps: wholeNumber(
        'max-critical-steps',
        values['max-critical-steps'],
        Number.POSITIVE_INFINITY,
        0,
        MAX_BUDGET,
      ),
      maxToolCalls: wholeNumber('max-tool-calls', values['max-tool-calls'], 1500, 0, MAX_BUDGET),
    },
    retry: { maxAttempts: wholeNumber('max-attempts', values['max-attempts'], 3, 1, MAX_ATTEMPTS) },
  });
  const graph = readGraphFile(values.graph);
  // A task longer than a subagent may run can only fail, every attempt: said now, not as an
  // unexplained 'completed-with-failures' with a makespan under the lower bound.
  const tooLong = graph.ids.filter((_, i) => (graph.tasks[i]?.steps ?? 0) > maxStepsPerSubagent);
  if (tooLong.length > 0) {
    const [first] = tooLong;
    throw new UsageError(
      `${values.graph}: task ${first} takes ${graph.tasks[graph.ids.indexOf(first as string)]?.steps} steps${tooLong.length > 1 ? ` (and ${tooLong.length - 1} more tasks past the limit)` : ''}, more than a subagent may run (--max-steps-per-subagent ${maxStepsPerSubagent}): it could only fail. Raise --max-steps-per-subagent, or split the task.`,
    );
  }
  // Step times live in 32-bit arrays (cpm.ts, the runtime's readyAt): a run's last time is below
  // every attempt of every task, with one decision and the longest backoff each, which must stay
  // under 2^31 or it wraps.
  const { totalSteps } = criticalPath(graph);
  const attempts = config.retry.maxAttempts;
  const worst = attempts * (totalSteps + (graph.n + 1) * mainStepCost + graph.n * config.retry.backoffMax);
  if (worst > MAX_STEP_TIME) {
    throw new UsageError(
      `${values.graph} (${graph.n} tasks, ${totalSteps} steps) with --main-step-cost ${mainStepCost} and --max-attempts ${attempts}: a run could reach step time ${worst}, past ${MAX_STEP_TIME}; lower --main-step-cost or --max-attempts`,
    );
  }
  if (values.trace !== undefined) checkOutputs([{ path: values.trace, flag: '--trace' }], [values.graph]);

  const options = { graph, config, policy, clock: { now: () => performance.now() } };
  const run = simulate(options);
  // Further runs (same config and seed, so the same schedule) only time the runtime, as
  // bench/scheduling.ts does: on the frozen clock (their wall times are thrown away), and after as
  // many untimed runs. Timed cold, the JIT's warm-up was most of the mean: a fresh process's first
  // few runs of a 500-task graph take 10–25 ms each, against under 1 ms once compiled.
  const timed = { graph, config, policy, keepEvents: false };
  for (let i = 1; i < repeat; i++) simulate(timed);
  const began = performance.now();
  for (let i = 1; i < repeat; i++) simulate(timed);
  const extra = performance.now() - began;
  const msPerRun = repeat > 1 ? extra / (repeat - 1) : run.metrics.wallClockMs;

  if (values.trace !== undefined) writeFile(values.trace, encodeTrace(run.header, run.events));
  const cpm = criticalPath(graph);
  const entries = scheduleFromEvents(run.events);
  const realized = new RealizedFold(mainStepCost);
  for (const e of run.events) realized.push(e);
  const path = realized.path();
  const result = {
    graph: graph.id,
    tasks: graph.n,
    workers,
    policy: policy.name,
    join: config.join,
    mainStepCost,
    seed: config.seed,
    reason: run.reason,
    makespan: run.metrics.criticalSteps,
    criticalPathLength: cpm.length,
    criticalPath: cpm.path.map((i) => graph.ids[i]),
    lowerBound: lowerBound(graph, workers, mainStepCost),
    // From the run's own durations: never above the critical steps (core/trace/realized-bound).
    realizedLowerBound: realizedLowerBound(realized, mainStepCost),
    // What the run waited for, link by link, from step-time 0 to its end (core/trace/realized-path).
    realizedPath: path.nodes,
    totalSteps: cpm.totalSteps,
    criticalSteps: run.metrics.criticalSteps,
    barrierWaste: run.metrics.barrierWaste,
    metrics: run.metrics,
    schedule: entries.map(({ task, worker, start, finish, attempt }) => ({
      task,
      worker,
      start,
      finish,
      attempt,
    })),
    msPerRun,
    repeat,
  };
  if (values.json) {
    out(JSON.stringify(result));
    return;
  }
  const ratio = result.lowerBound > 0 ? (result.makespan / result.lowerBound).toFixed(3) : '—';
  out(
    [
      `graph ${graph.id}: ${graph.n} tasks, ${cpm.totalSteps} steps · ${workers} workers · policy ${policy.name} · ${config.join} join · main step cost ${mainStepCost}`,
      `makespan ${result.makespan} (= critical steps) · critical path ${cpm.length} · lower bound ${result.lowerBound} · ratio to bound ${ratio}`,
      `realized critical path (${path.length} steps): ${path.nodes.map(describeLink).join(' → ')}`,
      `run ${run.reason} · ${entries.length} attempts · retries ${run.metrics.retryCount} · barrier waste ${run.metrics.barrierWaste} · avg parallelism ${run.metrics.avgParallelism.toFixed(2)} · ${msPerRun.toFixed(3)} ms/run`,
      `critical path: ${result.criticalPath.join(' → ')}`,
      '',
      gantt(entries, result.makespan),
    ].join('\n'),
  );
}

function describeLink(link: PathNode): string {
  switch (link.kind) {
    case 'main':
      return `step ${link.step}`;
    case 'task':
      return `${link.task}${link.attempt > 1 ? ` #${link.attempt}` : ''} [${link.start}–${link.end}]`;
    case 'backoff':
      return `backoff ${link.task} [${link.start}–${link.end}]`;
    default:
      return `wait [${link.start}–${link.end}]`;
  }
}
