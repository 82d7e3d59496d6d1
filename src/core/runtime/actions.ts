import type { TaskSpec } from '../graph/types';
import { demandOf } from './demand';
import { reserve, resolveDependents, skipDependents, trip } from './outcomes';
import type { Action } from './policy-port';
import { partStands } from './replicas';
import {
  emit,
  isSpareReplica,
  isTerminal,
  type RunState,
  rankTasks,
  restorePeeked,
  Status,
  type Subagent,
  setStatus,
  subagentId,
} from './state';

/** Carries out one orchestrator action; returns why it is invalid, or undefined when it was applied. */
export function apply(state: RunState, action: Action): string | undefined {
  const { config, graph } = state;
  switch (action.type) {
    case 'spawn': {
      const limit = config.budgets.maxConcurrentSubagents;
      if (!Number.isInteger(action.count) || action.count < 1) return 'count must be a whole number ≥ 1';
      if (!(action.profile in config.prices)) return `unknown profile "${action.profile}"`;
      if (state.subagents.length + action.count > limit)
        return `would pass maxConcurrentSubagents (${limit})`;
      for (let k = 0; k < action.count; k++) {
        const index = state.subagents.length;
        const sa: Subagent = { id: subagentId(index), profile: action.profile, task: -1 };
        state.subagents.push(sa);
        state.idle.push(index);
        state.idleCount++;
        emit(state, { type: 'subagent.spawned', subagent: sa.id, profile: sa.profile });
      }
      return undefined;
    }
    case 'assign':
      return assign(state, action.subagent, action.task);
    case 'join': {
      const set = new Set<number>();
      for (const id of action.subagents) {
        const index = subagentIndex(state, id);
        if (index < 0) return `unknown subagent "${id}"`;
        set.add(index);
      }
      state.joinOn = set;
      return undefined;
    }
    case 'replan': {
      const remaining = (task: number) => !isTerminal(state.status[task] as number);
      restorePeeked(state);
      state.priority = state.policy.prioritize({ graph, config, cpm: state.cpm, remaining });
      rankTasks(state);
      return undefined;
    }
    case 'tool_call': {
      if (!reserve(state, { toolCalls: 1, tokensIn: 0, tokensOut: 0, cost: 0 }, state.t))
        return 'budget exhausted';
      state.reserved.toolCalls--;
      state.used.toolCalls++;
      state.pendingTools++;
      const callId = `call-${++state.toolSeq}`;
      state.toolCalls.set(callId, { tool: action.tool, args: action.args });
      state.out.push({
        type: 'tool',
        callId,
        tool: action.tool,
        args: action.args,
        at: state.t + config.mainStepCost,
      });
      return undefined;
    }
    case 'give_up':
      return giveUp(state, action.task);
    case 'finish':
      trip(state, 'finished', action.reason ?? 'the orchestrator finished the run');
      return undefined;
    default:
      return `unknown action ${JSON.stringify((action as { type?: unknown }).type)}`;
  }
}

function subagentIndex(state: RunState, id: string): number {
  const k = id.startsWith('sa-') ? Number(id.slice(3)) - 1 : -1;
  return Number.isInteger(k) && k >= 0 && k < state.subagents.length ? k : -1;
}

function assign(state: RunState, subagent: string, taskId: string): string | undefined {
  const sa = subagentIndex(state, subagent);
  if (sa < 0) return `unknown subagent "${subagent}"`;
  const task = state.graph.index.get(taskId);
  if (task === undefined) return `unknown task "${taskId}"`;
  if (state.status[task] !== Status.READY) return `task "${taskId}" is not ready`;
  const agent = state.subagents[sa] as Subagent;
  if (agent.task >= 0) return `subagent "${subagent}" is busy`;
  const spec = state.graph.tasks[task] as TaskSpec;
  const { budgets, mainStepCost } = state.config;
  const finishAt = state.t + mainStepCost + Math.min(spec.steps, budgets.maxStepsPerSubagent);
  if (!reserve(state, demandOf(state, spec, agent.profile), finishAt)) return 'budget exhausted';
  agent.task = task;
  state.idleCount--;
  setStatus(state, task, Status.LAUNCHING);
  state.attempts[task] = (state.attempts[task] as number) + 1;
  state.subagentOf[task] = sa;
  state.launching.push(task);
  if (state.config.join === 'barrier') state.stageOpen++;
  emit(state, { type: 'task.assigned', task: taskId, subagent, attempt: state.attempts[task] as number });
  return undefined;
}

/**
 * A failed task waiting for its next attempt is given up: skipped, with its dependents. So is a
 * spare replica not tried yet (replicas.ts): its part goes on with the replicas that run.
 */
function giveUp(state: RunState, taskId: string): string | undefined {
  const task = state.graph.index.get(taskId);
  if (task === undefined) return `unknown task "${taskId}"`;
  const spare = isSpareReplica(state, task);
  if (!spare && (state.status[task] !== Status.READY || state.failedOn[task] === undefined))
    return `task "${taskId}" is not waiting for a retry, nor a spare replica`;
  const cause = spare
    ? 'a spare replica the orchestrator did not run'
    : `given up by the orchestrator after ${state.attempts[task]} failed attempt(s)`;
  setStatus(state, task, Status.SKIPPED);
  if (spare) state.droppedSpares++;
  emit(state, { type: 'task.skipped', task: taskId, cause });
  // A replica given up leaves its part to the replicas still standing (replicas.ts).
  if (partStands(state, task)) resolveDependents(state, task);
  else skipDependents(state, task, taskId);
  return undefined;
}
