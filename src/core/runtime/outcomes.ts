import type { TaskSpec } from '../graph/types';
import { type BreakerReason, BUDGET_NAMES, type BudgetName, budgetReason } from '../trace/end-reason';
import { type Budgets, backoffDelay, turnTime } from './config';
import { demandOf } from './demand';
import type { RuntimeInput } from './input';
import { merged } from './merge';
import { partStands } from './replicas';
import { emit, type RunState, requestWake, Status, type Subagent, setStatus } from './state';

type Demand = { toolCalls: number; tokensIn: number; tokensOut: number; cost: number };

export function makeReady(state: RunState, task: number): void {
  setStatus(state, task, Status.READY);
  state.ready.push(task);
}

/** Every dependency of a pending task is resolved: it becomes ready, and the trace says so. */
export function dependenciesResolved(state: RunState, task: number): void {
  makeReady(state, task);
  emit(state, { type: 'task.ready', task: state.graph.ids[task] as string });
}

/** `task` no longer holds its successors back (it finished, degraded, or failed under `continue`). */
export function resolveDependents(state: RunState, task: number): void {
  for (const s of state.graph.succs[task] as number[]) {
    const left = (state.unresolved[s] as number) - 1;
    state.unresolved[s] = left;
    if (left === 0 && state.status[s] === Status.PENDING) dependenciesResolved(state, s);
  }
}

/** Starts the attempts assigned one main step ago. */
export function launch(state: RunState): void {
  const { maxStepsPerSubagent } = state.config.budgets;
  // Everything launched now shares the engines with what already runs (docs/simulator.md, Engines).
  const running = (state.count[Status.RUNNING] as number) + state.launching.length;
  for (const task of state.launching) {
    const agent = state.subagents[state.subagentOf[task] as number] as Subagent;
    const taskId = state.graph.ids[task] as string;
    const attempt = state.attempts[task] as number;
    setStatus(state, task, Status.RUNNING);
    emit(state, { type: 'task.started', task: taskId, subagent: agent.id, attempt });
    state.out.push({
      type: 'run',
      task,
      taskId,
      attempt,
      subagent: agent.id,
      profile: agent.profile,
      at: state.t,
      maxSteps: maxStepsPerSubagent,
      turnTime: turnTime(state.config, agent.profile, running),
    });
  }
  state.launching = [];
  state.launchAt = -1;
}

function freeSubagent(state: RunState, task: number): Subagent {
  const index = state.subagentOf[task] as number;
  const agent = state.subagents[index] as Subagent;
  agent.task = -1;
  state.subagentOf[task] = -1;
  state.idle.push(index);
  state.idleCount++;
  if (state.config.join === 'barrier') state.stageOpen--;
  return agent;
}

function settle(state: RunState, task: number, profile: string, usage: Demand | null): void {
  const demand = demandOf(state, state.graph.tasks[task] as TaskSpec, profile);
  const { reserved, used } = state;
  reserved.toolCalls -= demand.toolCalls;
  reserved.tokensIn -= demand.tokensIn;
  reserved.tokensOut -= demand.tokensOut;
  reserved.cost -= demand.cost;
  if (usage) {
    used.toolCalls += usage.toolCalls;
    used.tokensIn += usage.tokensIn;
    used.tokensOut += usage.tokensOut;
    used.cost += usage.cost;
  }
}

export function attemptEnded(state: RunState, input: Extract<RuntimeInput, { type: 'attempt-ended' }>): void {
  const { task, attempt } = input;
  // An attempt cancelled by the runtime may still report back: it is already accounted for.
  if (state.status[task] !== Status.RUNNING || state.attempts[task] !== attempt) return;
  const agent = freeSubagent(state, task);
  const price = state.config.prices[agent.profile] ?? { input: 0, output: 0 };
  const tokensIn = input.usage['gen_ai.usage.input_tokens'];
  const tokensOut = input.usage['gen_ai.usage.output_tokens'];
  settle(state, task, agent.profile, {
    toolCalls: input.usage.toolCalls,
    tokensIn,
    tokensOut,
    cost: tokensIn * price.input + tokensOut * price.output,
  });
  state.dirty = true;
  const tally = state.profileOutcomes[agent.profile] ?? { finished: 0, failed: 0 };
  state.profileOutcomes[agent.profile] = tally;
  if (input.ok) tally.finished++;
  else {
    tally.failed++;
    state.failedOn[task] = agent.profile;
  }
  const taskId = state.graph.ids[task] as string;
  if (input.ok) {
    setStatus(state, task, Status.DONE);
    const overflow =
      state.config.orchestrator && input.answer !== undefined ? merged(state, task, input.answer) : undefined;
    if (overflow) trip(state, 'context-overflow', overflow);
    emit(state, {
      type: 'task.finished',
      task: taskId,
      subagent: agent.id,
      attempt,
      usage: input.usage,
      ...(input.settled && input.answer !== undefined ? { answer: input.answer } : {}),
      ...(input.worker !== undefined ? { worker: input.worker } : {}),
    });
    resolveDependents(state, task);
    return;
  }
  const failed = (final: boolean) =>
    emit(state, {
      type: 'task.failed',
      task: taskId,
      subagent: agent.id,
      attempt,
      error: input.error ?? 'failed',
      final,
      usage: input.usage,
      ...(input.worker !== undefined ? { worker: input.worker } : {}),
    });
  const { retry } = state.config;
  if (state.breaker === null && input.retryable !== false) {
    const spec = state.graph.tasks[task] as TaskSpec;
    // Off the critical path a failure costs slack, not makespan: take the declared default.
    if (retry.degradeOffCriticalPath && (state.cpm.slack[task] as number) > 0 && spec.default !== undefined) {
      failed(false);
      setStatus(state, task, Status.DEGRADED);
      emit(state, { type: 'task.degraded', task: taskId, attempt });
      resolveDependents(state, task);
      return;
    }
    if (attempt < retry.maxAttempts) {
      failed(false);
      const readyAt = state.t + backoffDelay(retry, attempt);
      emit(state, { type: 'task.retried', task: taskId, attempt: attempt + 1, readyAt });
      if (readyAt <= state.t) makeReady(state, task);
      else {
        setStatus(state, task, Status.BACKOFF);
        state.readyAt[task] = readyAt;
        state.backoff.push(task);
        requestWake(state, readyAt);
      }
      return;
    }
  }
  failed(true);
  setStatus(state, task, Status.FAILED);
  // A replica's part is not lost while another replica of it may still answer.
  if (partStands(state, task)) {
    resolveDependents(state, task);
    return;
  }
  switch (state.config.failurePolicy) {
    case 'fail-fast':
      trip(state, 'task-failed', `task "${taskId}" failed: ${input.error ?? 'failed'}`);
      break;
    case 'skip-dependents':
      skipDependents(state, task, taskId);
      break;
    case 'continue':
      resolveDependents(state, task);
      break;
  }
}

/** Marks every transitive dependent of `failed` skipped, naming it as the cause. */
export function skipDependents(state: RunState, failed: number, cause: string): void {
  const stack = [...(state.graph.succs[failed] as number[])];
  while (stack.length > 0) {
    const s = stack.pop() as number;
    if (state.status[s] !== Status.PENDING) continue;
    setStatus(state, s, Status.SKIPPED);
    emit(state, { type: 'task.skipped', task: state.graph.ids[s] as string, cause });
    for (const next of state.graph.succs[s] as number[]) stack.push(next);
  }
}

/**
 * The circuit breaker: no new work starts, work not yet started is cancelled, and running work is
 * cancelled — or, for a budget under `onBudgetExhausted: 'drain'`, left to finish.
 */
export function trip(state: RunState, reason: BreakerReason, detail: string, drainable = false): void {
  const drain = drainable && state.config.onBudgetExhausted === 'drain';
  if (state.breaker !== null) {
    // Already stopping. Only a stop that cannot wait (an abort) may cut a drain short.
    if (drain || !state.draining) return;
  }
  state.breaker = reason;
  state.breakerDetail = detail;
  state.draining = drain;
  const { graph } = state;
  for (const task of state.launching) {
    const agent = freeSubagent(state, task);
    settle(state, task, agent.profile, null);
    setStatus(state, task, Status.CANCELLED);
    const attempt = state.attempts[task] as number;
    emit(state, {
      type: 'task.cancelled',
      task: graph.ids[task] as string,
      reason,
      attempt,
      subagent: agent.id,
    });
  }
  state.launching = [];
  state.launchAt = -1;
  for (let task = 0; task < graph.n; task++) {
    const s = state.status[task];
    const taskId = graph.ids[task] as string;
    if (s === Status.PENDING || s === Status.READY || s === Status.BACKOFF) {
      setStatus(state, task, Status.CANCELLED);
      emit(state, { type: 'task.cancelled', task: taskId, reason });
    } else if (s === Status.RUNNING && !drain) {
      const agent = freeSubagent(state, task);
      settle(state, task, agent.profile, null);
      const attempt = state.attempts[task] as number;
      setStatus(state, task, Status.CANCELLED);
      emit(state, { type: 'task.cancelled', task: taskId, reason, attempt, subagent: agent.id });
      state.out.push({ type: 'cancel', task, attempt });
    }
  }
}

// Every budget a run.finished reason names is one of the run's budgets.
BUDGET_NAMES satisfies readonly (keyof Budgets)[];

export function exhausted(state: RunState, budget: BudgetName, limit: number, used: number): void {
  emit(state, { type: 'budget.exhausted', budget, limit, used });
  trip(state, budgetReason(budget), `${budget}: ${used} needed, limit ${limit}`, true);
}

/** Books a demand against the budgets, or trips the breaker for the first budget it would pass. */
export function reserve(state: RunState, demand: Demand, finishAt: number): boolean {
  const { budgets } = state.config;
  const { used, reserved } = state;
  const tools = used.toolCalls + reserved.toolCalls + demand.toolCalls;
  if (tools > budgets.maxToolCalls) return refuse(state, 'maxToolCalls', budgets.maxToolCalls, tools);
  const tokens =
    used.tokensIn +
    used.tokensOut +
    reserved.tokensIn +
    reserved.tokensOut +
    demand.tokensIn +
    demand.tokensOut;
  if (tokens > budgets.maxTokens) return refuse(state, 'maxTokens', budgets.maxTokens, tokens);
  const cost = used.cost + reserved.cost + demand.cost;
  if (cost > budgets.maxCost) return refuse(state, 'maxCost', budgets.maxCost, cost);
  if (finishAt > budgets.maxCriticalSteps)
    return refuse(state, 'maxCriticalSteps', budgets.maxCriticalSteps, finishAt);
  reserved.toolCalls += demand.toolCalls;
  reserved.tokensIn += demand.tokensIn;
  reserved.tokensOut += demand.tokensOut;
  reserved.cost += demand.cost;
  return true;
}

function refuse(state: RunState, budget: BudgetName, limit: number, need: number): false {
  exhausted(state, budget, limit, need);
  return false;
}
