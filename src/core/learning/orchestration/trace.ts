/**
 * One orchestration episode as a SwarmFlight trace, so the Run view shows it like any run: a task
 * per shard (and per replica); an orchestrator step per wave, carrying its own S_main (assigning
 * and merging cost main steps that grow with the calls and answers, so they are not the runtime's
 * one mainStepCost) and assigning the wave's attempts; a last step that merges and answers;
 * failures and retries as they happened (a plain retry on the subagent that crashed); the
 * orchestrator's reading at each step as a turn of its own (idle spares take no turns); the run's
 * metrics counted from these events as any run's are (tokens, retries, parallelism), with the
 * environment's own quality, cost, reward and critical steps (times are rounded to whole steps).
 * The Run view's realized path is then Σ_t (S_main + max_i S_sub,i), the environment's own
 * critical steps. Built from the episode's log (./episode-log.ts);
 * the same instance and policy give the same trace.
 */
import type { TaskSpec } from '../../graph/types';
import {
  type ActionRecord,
  type EventBody,
  noUsage,
  TRACE_SCHEMA,
  type TraceEvent,
  type TraceHeader,
  type Usage,
} from '../../trace/events';
import { computeMetrics } from '../../trace/metrics';
import { type OrchestrationPolicy, PROFILES } from './decisions';
import { type EpisodeResult, playInstance } from './episode';
import { type EpisodeLog, emptyLog } from './episode-log';
import type { Instance } from './instance';
import type { EnvParams } from './params';
import { orchestrationReward } from './reward';

export interface EpisodeTrace {
  readonly header: TraceHeader;
  readonly events: TraceEvent[];
  readonly result: EpisodeResult;
}

const usage = (tokens: number, steps: number): Usage => ({
  ...noUsage,
  steps: Math.round(steps * 100) / 100,
  'gen_ai.usage.input_tokens': Math.round(tokens),
});

export function episodeTrace(
  params: EnvParams,
  instance: Instance,
  policy: OrchestrationPolicy,
): EpisodeTrace {
  const log = emptyLog();
  const result = playInstance(params, instance, policy, log);
  return traceOfEpisode(params, instance, policy.name, log, result);
}

/**
 * The trace of an episode already played with `log` (an asynchronous orchestrator's, through
 * playInstanceAsync, whose log is the synchronous episode's).
 */
export function traceOfEpisode(
  params: EnvParams,
  instance: Instance,
  policyName: string,
  log: EpisodeLog,
  result: EpisodeResult,
): EpisodeTrace {
  const reward = orchestrationReward(params, result, 0, 0);
  const n = instance.cue.length;
  const header: TraceHeader = {
    schema: TRACE_SCHEMA,
    scenario: {
      id: 'orchestration',
      kind: 'orchestration',
      title: `${instance.kind}, ${n} units, ${instance.engines} engines`,
    },
    seed: instance.seed,
    policy: policyName,
    provider: 'orchestration-environment',
    profiles: [...PROFILES],
    size: n,
    budgets: { criticalSteps: Math.round(instance.budget * 100) / 100 },
    join: 'all',
    // What a step costs at the least (each step says its own): what the Run view's bounds and
    // plan assume per step, so they stay below what happened. A solo run takes no step of its own.
    mainStepCost: log.solo ? 0 : params.main.base,
    failurePolicy: 'orchestrator',
    onBudgetExhausted: 'late-answer-scores-0',
    retry: { maxAttempts: params.maxAttempts },
  };
  const taskId = (shard: number, replica: number) =>
    replica === 0 ? `shard-${shard + 1}` : `shard-${shard + 1}.r${replica + 1}`;
  const replicas = new Set<string>();
  for (const wave of log.waves) for (const a of wave.attempts) replicas.add(taskId(a.shard, a.replica));
  const first = new Map<string, number>();
  for (const wave of log.waves)
    for (const a of wave.attempts)
      if (!first.has(taskId(a.shard, a.replica))) first.set(taskId(a.shard, a.replica), a.steps);
  // Shards depend on nothing but the orchestrator's steps, which the trace gives as steps.
  const tasks: TaskSpec[] = log.solo
    ? [{ id: 'solo', steps: Math.max(1, Math.round(result.criticalSteps)), deps: [] }]
    : [...replicas].map((id) => ({ id, steps: Math.max(1, Math.round(first.get(id) ?? 1)), deps: [] }));

  // Events with their time; sorted by time at the end (stable, so same-time events keep this order).
  const timed: { t: number; body: EventBody }[] = [];
  const at = (t: number, body: EventBody) => timed.push({ t, body });
  // Workers: the subagents that may run at once. The engines do not hold subagents back; they slow
  // every turn beyond them (the title names them), which the attempts' durations already hold.
  at(0, { type: 'run.started', workers: log.solo ? 1 : params.maxSubagents, tasks });
  const idle = {
    ready: 0,
    running: 0,
    waiting: 0,
    done: 0,
    failed: 0,
    skipped: 0,
    idleSubagents: 0,
    subagents: 0,
  };
  /** The orchestrator's reading in a step, as a turn of no task. */
  const turn = (t: number, subagent: string, tokens: number, finishReason: string) =>
    at(t, {
      type: 'llm.turn',
      subagent,
      finishReason,
      'gen_ai.usage.input_tokens': Math.round(tokens),
      'gen_ai.usage.output_tokens': 0,
    });
  /** An orchestrator step at `t` taking `steps` of step-time, rounded as every event's time is. */
  const step = (t: number, steps: number, number: number, actions: ActionRecord[]) =>
    at(t, {
      type: 'orchestrator.step',
      step: number,
      main: Math.round(t + steps) - Math.round(t),
      observation: idle,
      actions,
      invalid: [],
      rewardProxy: 0,
      nextObservation: idle,
    });
  if (log.solo) {
    at(0, { type: 'task.ready', task: 'solo' });
    // The one decision, solo, and the orchestrator doing the whole task itself.
    step(0, 0, 1, [{ type: 'assign', subagent: 'orchestrator', task: 'solo' }]);
    at(0, { type: 'task.assigned', task: 'solo', subagent: 'orchestrator', attempt: 1 });
    at(0, { type: 'subagent.spawned', subagent: 'orchestrator', profile: params.main.profile });
    at(0, { type: 'task.started', task: 'solo', subagent: 'orchestrator', attempt: 1 });
    const end = { task: 'solo', subagent: 'orchestrator', attempt: 1 };
    // Its cost is all reading, at its own model's price per thousand tokens.
    const u = usage((result.cost * 1000) / params.profiles[params.main.profile].price, result.criticalSteps);
    if (result.overflow)
      at(result.criticalSteps, {
        type: 'task.failed',
        ...end,
        error: 'context overflow',
        final: true,
        usage: u,
      });
    else at(result.criticalSteps, { type: 'task.finished', ...end, usage: u });
  } else {
    let subagents = 0;
    const named = new Map<string, string>();
    for (const [w, wave] of log.waves.entries()) {
      const start = wave.t + wave.mainSteps;
      const actions: ActionRecord[] = [];
      const spares = w === 0 ? log.spares : 0;
      const fresh = wave.attempts.filter((a) => !a.reused).length;
      if (fresh + spares > 0)
        actions.push({
          type: 'spawn',
          count: fresh + spares,
          profile: wave.attempts[0]?.profile ?? 'medium',
        });
      // A plain retry after a crash goes to the subagent that crashed; anything else is a new one.
      const names = wave.attempts.map((a) =>
        a.reused ? (named.get(taskId(a.shard, a.replica)) as string) : `sa-${++subagents}`,
      );
      for (const [k, a] of wave.attempts.entries()) named.set(taskId(a.shard, a.replica), names[k] as string);
      for (const [k, a] of wave.attempts.entries())
        actions.push({ type: 'assign', subagent: names[k] as string, task: taskId(a.shard, a.replica) });
      step(wave.t, wave.mainSteps, w + 1, actions);
      turn(wave.t, 'orchestrator', wave.mainTokens, 'tool_calls');
      for (const [k, a] of wave.attempts.entries())
        at(wave.t, {
          type: 'task.assigned',
          task: taskId(a.shard, a.replica),
          subagent: names[k] as string,
          attempt: a.attempt,
        });
      for (let k = 0; k < spares; k++)
        at(wave.t, {
          type: 'subagent.spawned',
          subagent: `spare-${k + 1}`,
          profile: wave.attempts[0]?.profile ?? 'medium',
        });
      wave.attempts.forEach((a, k) => {
        const task = taskId(a.shard, a.replica);
        const subagent = names[k] as string;
        if (a.attempt === 1) at(start, { type: 'task.ready', task });
        if (!a.reused) at(wave.t, { type: 'subagent.spawned', subagent, profile: a.profile });
        at(start, { type: 'task.started', task, subagent, attempt: a.attempt });
        const end = start + a.steps;
        const u = usage(a.tokens, a.steps);
        if (a.outcome === 'answered')
          at(end, { type: 'task.finished', task, subagent, attempt: a.attempt, usage: u });
        else {
          const final = a.recovery === 'degrade' || a.recovery === undefined;
          at(end, {
            type: 'task.failed',
            task,
            subagent,
            attempt: a.attempt,
            error: a.outcome === 'crashed' ? 'crashed' : 'context overflow',
            final,
            usage: u,
          });
          if (!final) at(end, { type: 'task.retried', task, attempt: a.attempt + 1, readyAt: end });
          else at(end, { type: 'task.degraded', task, attempt: a.attempt });
        }
      });
    }
    // The last step merges the last answers and answers: it launches nothing.
    if (log.final) {
      step(log.final.t, log.final.mainSteps, log.waves.length + 1, []);
      turn(log.final.t, 'orchestrator', log.final.mainTokens, 'stop');
    }
  }
  const end = result.criticalSteps;
  if (!result.withinBudget)
    at(end, { type: 'budget.exhausted', budget: 'criticalSteps', limit: instance.budget, used: end });
  at(end, {
    type: 'run.graded',
    'pass@1': result.quality === 1 ? 1 : 0,
    itemF1: result.quality,
    rowF1: result.quality,
    success: result.quality > 0,
  });
  timed.sort((a, b) => a.t - b.t);
  // Task graphs count whole steps (the Run view's what-ifs rebuild one from the durations), so
  // times are rounded to the nearest step; the exact critical steps are in run.finished's metrics.
  const events = timed.map(
    ({ t, body }, seq) => ({ ...body, seq, t: Math.round(t), wallMs: 0 }) as TraceEvent,
  );
  // Counted from the events as every run's metrics are, so the Run view's cards read the same way
  // for an episode as for a gallery run; what the environment knows exactly is its own.
  const counted = computeMetrics(events, {
    prices: {},
    mainStepCost: header.mainStepCost,
    maxCriticalSteps: Number.POSITIVE_INFINITY,
  });
  const finished: EventBody = {
    type: 'run.finished',
    reason: result.overflow ? 'overflow' : result.withinBudget ? 'done' : 'budget',
    metrics: {
      'pass@1': counted['pass@1'],
      successRate: counted.successRate,
      tokensIn: counted.tokensIn,
      tokensOut: counted.tokensOut,
      retryCount: counted.retryCount,
      failureRate: counted.failureRate,
      skipRate: counted.skipRate,
      avgParallelism: counted.avgParallelism,
      orchestratorSteps: counted.orchestratorSteps,
      criticalSteps: result.criticalSteps,
      quality: result.quality,
      itemF1: result.quality,
      cost: result.cost,
      relativeCost: result.relativeCost,
      reward: reward.reward,
      estimatedCost: result.cost,
      spawnCount: result.spawned,
      unusedSubagents: result.spawned - result.contributed,
    },
  };
  // Last, as it always was: nothing in an episode happens after its end.
  events.push({ ...finished, seq: events.length, t: Math.round(end), wallMs: 0 } as TraceEvent);
  return { header, events, result };
}
