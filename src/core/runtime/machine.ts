import type { EndReason } from '../trace/end-reason';
import { apply } from './actions';
import type { RuntimeInput } from './input';
import { attemptEnded, dependenciesResolved, exhausted, launch, makeReady, trip } from './outcomes';
import {
  busyCount,
  type Effect,
  emit,
  observe,
  type RunState,
  requestWake,
  restorePeeked,
  Status,
  type Subagent,
} from './state';

/**
 * The orchestrator as a state machine: `step(state, input) → [state, effects]`. It performs no
 * I/O and reads no clock; the driver carries out the effects and feeds back what happened.
 * The state is updated in place (see RunState).
 */
export function step(state: RunState, input: RuntimeInput): [RunState, Effect[]] {
  const out: Effect[] = [];
  state.out = out;
  if (state.finished) return [state, out];
  state.t = Math.max(state.t, input.at);
  state.wallMs = input.wallMs;

  switch (input.type) {
    case 'start':
      emit(state, {
        type: 'run.started',
        workers: state.config.budgets.maxConcurrentSubagents,
        tasks: state.graph.tasks,
      });
      for (let i = 0; i < state.graph.n; i++) if (state.unresolved[i] === 0) dependenciesResolved(state, i);
      state.dirty = true;
      if (Number.isFinite(state.config.budgets.maxCriticalSteps)) {
        state.out.push({ type: 'deadline', at: state.config.budgets.maxCriticalSteps });
      }
      break;
    case 'attempt-ended':
      attemptEnded(state, input);
      break;
    case 'wake':
      state.timers.delete(input.at);
      if (input.deliberated) {
        state.deliberating = false;
        state.deliberatedAt = state.t;
      }
      break;
    case 'tool-result': {
      const call = state.toolCalls.get(input.callId);
      if (!call) break;
      state.toolCalls.delete(input.callId);
      state.pendingTools--;
      state.dirty = true;
      const { tool, args } = call;
      emit(state, {
        type: 'tool.call',
        caller: 'orchestrator',
        callId: input.callId,
        tool,
        args,
        ok: input.ok,
        result: input.result,
      });
      break;
    }
    case 'abort':
      trip(state, 'aborted', input.reason);
      break;
    case 'deadline':
      // Whatever is still open when the budget ends cannot finish within it (docs/architecture.md, the method: budgets
      // are counted in critical steps), so the run stops here rather than at its next decision.
      if (state.breaker === null && open(state) > 0) {
        exhausted(state, 'maxCriticalSteps', state.config.budgets.maxCriticalSteps, state.t);
      }
      break;
  }
  const { maxWallMs } = state.config.budgets;
  if (state.wallMs >= maxWallMs && state.breaker === null) {
    exhausted(state, 'maxWallMs', maxWallMs, state.wallMs);
  }
  advance(state, input.type === 'wake');
  return [state, out];
}

/** Everything due now: launches decided one main step ago, retries whose backoff is over, the next decision. */
function advance(state: RunState, woken: boolean): void {
  const t = state.t;
  if (state.launchAt >= 0 && state.launchAt <= t) launch(state);
  while (state.backoff.size > 0 && (state.readyAt[state.backoff.peek() as number] as number) <= t) {
    const task = state.backoff.pop() as number;
    if (state.status[task] === Status.BACKOFF && state.breaker === null) {
      makeReady(state, task);
      state.dirty = true;
    }
  }
  if (state.breaker === null && state.dirty && joinSatisfied(state)) {
    if (woken && t >= state.busyUntil) {
      if (!state.policy.deliberation || state.deliberatedAt === t) decide(state);
      else if (!state.deliberating) {
        // A model orchestrator thinks first; the driver wakes the machine again when it has.
        state.deliberating = true;
        state.out.push({ type: 'deliberate', at: t });
      }
    } else requestWake(state, Math.max(t, state.busyUntil));
  }
  maybeFinish(state);
}

function joinSatisfied(state: RunState): boolean {
  if (state.config.join === 'barrier' && state.stageOpen > 0) return false;
  if (state.joinOn) {
    for (const s of state.joinOn) if ((state.subagents[s] as Subagent).task >= 0) return false;
    state.joinOn = null;
  }
  return true;
}

function open(state: RunState): number {
  const c = state.count;
  return (
    (c[Status.PENDING] as number) +
    (c[Status.READY] as number) +
    (c[Status.BACKOFF] as number) +
    (c[Status.LAUNCHING] as number) +
    (c[Status.RUNNING] as number)
  );
}

function maybeFinish(state: RunState): void {
  if (state.finished || busyCount(state) + state.pendingTools > 0) return;
  let reason: EndReason | null = state.breaker;
  if (reason === null) {
    if (open(state) > 0) return;
    const c = state.count;
    const bad =
      (c[Status.FAILED] as number) +
      (c[Status.SKIPPED] as number) +
      (c[Status.CANCELLED] as number) -
      state.droppedSpares;
    reason = bad === 0 ? 'completed' : 'completed-with-failures';
  }
  state.finished = true;
  state.out.push({ type: 'end', reason });
}

function decide(state: RunState): void {
  const { config } = state;
  if (state.orchestratorSteps >= config.budgets.maxOrchestratorSteps) {
    exhausted(state, 'maxOrchestratorSteps', config.budgets.maxOrchestratorSteps, state.orchestratorSteps);
    return;
  }
  state.dirty = false;
  state.deliberatedAt = -1;
  const stepNo = ++state.orchestratorSteps;
  const observation = observe(state);
  const actions = state.policy.decide(state.view);
  const choices = state.policy.explain?.('decide');
  const decision = state.policy.logDecision?.('decide');

  // Events the actions cause are held back so that the step event, which lists them, comes first.
  const outer = state.out;
  const caused: Effect[] = [];
  state.out = caused;
  const stepSeq = state.seq++;
  const invalid: { action: (typeof actions)[number]; reason: string }[] = [];
  let assigned = 0;
  for (const action of actions) {
    const problem = state.breaker !== null ? `the run is stopping (${state.breaker})` : apply(state, action);
    if (problem) invalid.push({ action, reason: problem });
    else if (action.type === 'assign') assigned++;
  }
  restorePeeked(state);
  // Each brief the decision writes takes the orchestrator time (docs/simulator.md, Briefs).
  const briefs = config.orchestrator ? Math.ceil(config.orchestrator.briefSteps * assigned - 1e-9) : 0;
  const m = config.mainStepCost + briefs;
  state.busyUntil = state.t + m;
  if (state.launching.length > 0) state.launchAt = state.t + m;
  state.out = outer;
  outer.push({
    seq: stepSeq,
    t: state.t,
    wallMs: state.wallMs,
    type: 'orchestrator.step',
    step: stepNo,
    // A decision that wrote briefs took longer than S_main: the trace says how long, so the
    // realized path and the run view count it (docs/simulator.md, Briefs).
    ...(m !== config.mainStepCost ? { main: m } : {}),
    observation,
    actions,
    invalid,
    rewardProxy: assigned / config.budgets.maxConcurrentSubagents,
    nextObservation: observe(state),
    ...(choices && choices.length > 0 ? { choices } : {}),
    ...(decision ? { decision } : {}),
  });
  for (const effect of caused) outer.push(effect);
  if (state.launching.length > 0) {
    if (m === 0) launch(state);
    else requestWake(state, state.launchAt);
  }
  const idle = busyCount(state) + state.pendingTools + state.backoff.size === 0;
  if (state.breaker === null && idle && open(state) > 0) {
    // Nothing runs, nothing is due, and the policy started nothing: the run would never move again.
    trip(state, 'stalled', `the policy started nothing while ${open(state)} task(s) were open`);
  }
}
