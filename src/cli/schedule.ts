import { criticalPath, lowerBound } from '../core/graph/cpm';
import { policyByName, policyNames } from '../core/policy/registry';
import { DEFAULT_SEED } from '../core/request/defaults';
import { formationProblem, formationsOf } from '../core/run/formations';
import { defaultBudgets, FAILURE_POLICIES, JOIN_MODES, makeConfig } from '../core/runtime/config';
import { simulate } from '../core/runtime/simulate';
import { encodeTrace } from '../core/trace/jsonl';
import { realizedLowerBound } from '../core/trace/realized-bound';
import { type PathNode, RealizedFold } from '../core/trace/realized-path';
import { scheduleFromEvents } from '../core/trace/schedule';
import { UsageError } from './errors';
import { defineCommand, helpText, parseFlags } from './flags';
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

export const scheduleTable = defineCommand({
  name: 'schedule',
  usage: ['schedule --graph FILE --workers P [options]'],
  about: 'Runs a graph scenario through the orchestrator runtime and prints its schedule.',
  flags: [
    {
      name: 'graph',
      type: 'string',
      value: 'FILE',
      required: true,
      help: 'graph scenario JSON (docs/architecture.md, contracts)',
    },
    {
      name: 'workers',
      type: 'whole',
      value: 'P',
      min: 1,
      max: MAX_WORKERS,
      required: true,
      help: 'subagents that may run at once',
    },
    {
      name: 'policy',
      type: 'string',
      value: 'NAME',
      default: 'critical-path',
      help: graphPolicies().join(' | '),
    },
    {
      name: 'main-step-cost',
      type: 'whole',
      value: 'N',
      min: 0,
      max: MAX_MAIN_STEP_COST,
      default: 1,
      help: 'step-time one orchestrator decision costs',
    },
    {
      name: 'join',
      type: 'choice',
      choices: JOIN_MODES,
      default: 'async',
      help: 'when the orchestrator wakes',
    },
    {
      name: 'failure-policy',
      type: 'choice',
      value: 'NAME',
      choices: FAILURE_POLICIES,
      default: 'skip-dependents',
      help: 'what the run does when a task fails for good',
    },
    {
      name: 'max-attempts',
      type: 'whole',
      value: 'N',
      min: 1,
      max: MAX_ATTEMPTS,
      default: 3,
      help: 'attempts per task, the first included',
    },
    {
      name: 'max-critical-steps',
      type: 'whole',
      value: 'N',
      min: 0,
      max: MAX_BUDGET,
      help: 'critical-steps budget (default none)',
    },
    {
      name: 'max-tool-calls',
      type: 'whole',
      value: 'N',
      min: 0,
      max: MAX_BUDGET,
      default: 1500,
      help: 'tool-call budget',
    },
    {
      name: 'max-steps-per-subagent',
      type: 'whole',
      value: 'N',
      min: 1,
      max: MAX_BUDGET,
      default: DEFAULT_MAX_STEPS,
      help: "steps one attempt may run (the report's limit)",
    },
    {
      name: 'seed',
      type: 'whole',
      value: 'S',
      min: 0,
      max: MAX_SEED,
      default: DEFAULT_SEED,
      help: 'seed for simulated failures',
    },
    {
      name: 'repeat',
      type: 'whole',
      value: 'N',
      min: 1,
      max: MAX_REPEAT,
      default: 1,
      help: 'run N times and report the mean wall time per run, after N − 1 untimed runs to warm up',
    },
    { name: 'trace', type: 'string', value: 'FILE.jsonl', help: "write the run's trace" },
    { name: 'json', type: 'boolean', help: 'print one JSON document' },
  ],
});

export const scheduleHelp = helpText(scheduleTable);

export function schedule(argv: string[], out: (text: string) => void): void {
  const flags = parseFlags(scheduleTable, argv);
  const values = {
    graph: flags.graph,
    policy: flags.policy,
    trace: flags.trace,
    json: flags.json === true,
  };
  const workers = flags.workers;
  const policy = (() => {
    try {
      return policyByName(values.policy);
    } catch (error) {
      throw new UsageError(`--policy: ${(error as Error).message}`);
    }
  })();
  const formation = formationProblem('graph', policy.plan ?? 'swarm');
  if (formation) throw new UsageError(`--policy ${values.policy}: ${formation}`);
  const mainStepCost = flags['main-step-cost'];
  const repeat = flags.repeat;
  const maxStepsPerSubagent = flags['max-steps-per-subagent'];
  const config = makeConfig({
    seed: flags.seed,
    join: flags.join,
    mainStepCost,
    failurePolicy: flags['failure-policy'],
    budgets: {
      maxConcurrentSubagents: workers,
      maxStepsPerSubagent,
      maxCriticalSteps: flags['max-critical-steps'] ?? Number.POSITIVE_INFINITY,
      maxToolCalls: flags['max-tool-calls'],
    },
    retry: { maxAttempts: flags['max-attempts'] },
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
