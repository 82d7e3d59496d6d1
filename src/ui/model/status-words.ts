/**
 * Why a run that is "done" ended, in words, beside its status. "done" alone said a run cut off by
 * its critical-steps budget had finished (a walk-through's run with a budget of 8 showed a green
 * "done" over zero steps): a run that ended for any reason but finishing its work says why.
 */

const BUDGETS: Readonly<Record<string, string>> = {
  maxCriticalSteps: 'critical-steps',
  maxToolCalls: 'tool-call',
  maxTokens: 'token',
  maxCost: 'cost',
  maxWallMs: 'wall-clock',
  maxOrchestratorSteps: 'orchestrator-step',
};

/** Why a run that is `status` ended for `reason` (run.finished's); undefined when it just finished. */
export function endWords(status: string, reason: string | undefined): string | undefined {
  if (status !== 'done' || reason === undefined || reason === 'completed') return undefined;
  if (reason === 'completed-with-failures') return 'with failed tasks';
  if (reason.startsWith('budget:')) {
    const budget = reason.slice('budget:'.length);
    return `stopped: the ${BUDGETS[budget] ?? budget} budget ran out`;
  }
  if (reason === 'context-overflow') return "stopped: the orchestrator's context overflowed";
  if (reason === 'finished') return 'submitted early by the orchestrator';
  if (reason === 'stalled') return 'stopped: the policy started nothing';
  return `stopped (${reason})`;
}
