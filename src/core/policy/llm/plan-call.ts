/**
 * One `plan_run` call of the model orchestrator, pure: checked as any tool call is (a known tool,
 * arguments that parse and fit the schema), then mapped onto the policy port's PlanDecision and
 * checked as prepareRun would check it — a cut the kind does not allow, a shard or a replica
 * count out of range — so the model reads the same words the composition root would throw. The
 * model's output is untrusted: nothing it sends reaches the run unchecked.
 */

import { checkCall, type ToolRegistry } from '../../agents/tools';
import type { ToolCall } from '../../providers/types';
import type { PlanDecision, PlanQuestion } from '../types';
import { PLAN_TOOL, type PlanModeWord } from './plan-protocol';

export type PlanVerdict =
  | {
      readonly ok: true;
      readonly decision: PlanDecision;
      /** What the model reads back in the tool message. */
      readonly content: string;
      /** The arguments as the trace records them. */
      readonly args: unknown;
    }
  | { readonly ok: false; readonly content: string; readonly args: unknown };

interface PlanArgs {
  readonly mode: PlanModeWord;
  readonly shard?: number;
  readonly replicas?: number;
}

export function checkPlanCall(question: PlanQuestion, tools: ToolRegistry, call: ToolCall): PlanVerdict {
  const checked = checkCall(tools, [PLAN_TOOL], call);
  if (!checked.ok) return { ok: false, content: checked.message, args: checked.args };
  // checkCall has held the arguments to the schema: a mode of the enum, whole numbers.
  const args = checked.args as unknown as PlanArgs;
  const refuse = (message: string): PlanVerdict => ({ ok: false, content: `Error: ${message}`, args });
  const cutting = args.shard !== undefined || (args.replicas !== undefined && args.replicas !== 1);
  // The schema's enum has refused any other word; the words prepareRun would use name `single`.
  if (args.mode === 'solo' && cutting)
    return refuse(
      'a solo run is not cut: shard and replicas are for a swarm. Leave them out, or choose swarm.',
    );
  const decision: PlanDecision = {
    mode: args.mode === 'solo' ? 'single' : 'swarm',
    ...(args.shard !== undefined ? { shard: args.shard } : {}),
    ...(args.replicas !== undefined && args.replicas !== 1 ? { replicas: args.replicas } : {}),
  };
  const problem = question.problem(decision);
  if (problem !== undefined) return refuse(problem.endsWith('.') ? problem : `${problem}.`);
  return { ok: true, decision, content: planWords(decision), args };
}

/** What the model is told its plan is. */
export function planWords(decision: PlanDecision): string {
  if (decision.mode === 'single') return 'The task runs solo: one subagent does it all.';
  const cut = [
    decision.shard !== undefined ? `${decision.shard} units of work per shard` : '',
    decision.replicas !== undefined ? `${decision.replicas} replicas of each part voting` : '',
  ].filter((s) => s !== '');
  return `The task runs as a swarm${cut.length > 0 ? ` (${cut.join(', ')})` : ' of its own work items'}.`;
}
