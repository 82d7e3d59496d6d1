/**
 * The simulated provider playing the orchestrator (descriptor kind `orchestrator`), so the `llm`
 * policy runs offline end to end. Like every player it reads only the messages: the latest status
 * block. It gives each ready item, most critical first, to an idle subagent, creating subagents up
 * to the limit, all in one turn; waits with a short note while work runs and nothing is ready; and
 * calls finish when nothing is ready or running. The provider around it breaks a call now and
 * then (the profile's `malformedRate`), which the policy answers and counts.
 *
 * Offered `plan_run` (the plan turn, before the task is split), it reads the plan facts instead
 * and plans by the rule of `planMove`.
 */

import type { Player, PlayerMove } from '../../providers/player';
import { latestPlanFacts, PLAN_TOOL, type PlanFacts } from './plan-protocol';
import { latestStatus } from './protocol';

const ROLE =
  'You handle one work item of a larger task at a time. Use your tools, and answer in exactly the format the item asks for.';

export const orchestratorPlayer: Player = (input): PlayerMove => {
  if (input.tools.includes(PLAN_TOOL)) {
    const facts = latestPlanFacts(input.messages);
    if (!facts) return { content: 'I cannot find the facts of the task.', calls: [] };
    return { content: null, calls: [{ name: PLAN_TOOL, args: planMove(facts) }] };
  }
  const status = latestStatus(input.messages);
  if (!status) return { content: 'I cannot find the status of the run.', calls: [] };
  const running = Object.keys(status.running).length;
  if (status.ready.length === 0) {
    return running > 0
      ? { content: `Waiting for ${running} running item(s).`, calls: [] }
      : {
          content: null,
          calls: [{ name: 'finish', args: { answer: summary(status.done.length, status.failed.length) } }],
        };
  }
  const calls: { name: string; args: Record<string, unknown> }[] = [];
  const idle = status.agents.filter((a) => a.busy === null).map((a) => a.name);
  const used = new Set(status.agents.map((a) => a.name));
  let room = status.maxSubagents - status.agents.length;
  let n = 0;
  for (const item of status.ready) {
    let agent = idle.shift();
    if (agent === undefined) {
      if (room <= 0) break;
      do agent = `sub-${++n}`;
      while (used.has(agent));
      used.add(agent);
      room--;
      calls.push({ name: 'create_subagent', args: { name: agent, system_prompt: ROLE } });
    }
    calls.push({
      name: 'assign_task',
      args: { agent, prompt: `[${item}] Work on this item and answer in exactly the format it asks for.` },
    });
  }
  return {
    content: calls.length > 0 ? null : `All ${status.agents.length} subagents are busy; waiting.`,
    calls,
  };
};

const summary = (done: number, failed: number): string =>
  `${done} work item(s) done${failed > 0 ? `, ${failed} failed` : ''}.`;

/** How hard a task must look before the simulated orchestrator has its parts vote. */
export const VOTE_CUE = 0.5;
/** Replicas per part when it does: the fewest that can outvote one wrong answer. */
export const VOTE_REPLICAS = 3;

/**
 * The simulated orchestrator's plan, a rule over the plan facts (deterministic, as a player must
 * be). One unit of work has nothing to split: a swarm would only add the orchestrator's briefs and
 * merges, so it runs solo. On a task that looks hard (difficulty cue ≥ VOTE_CUE) whose answers can
 * vote, a part answered once is often wrong: three replicas outvote one wrong answer — if the
 * engines can run them side by side (three or more, or one per agent), so the vote costs tokens,
 * not time. Otherwise the kind's own swarm: its own shard size is what its file was tuned for.
 */
export function planMove(facts: PlanFacts): Record<string, unknown> {
  if (facts.units <= 1 && facts.modes.includes('solo')) return { mode: 'solo' };
  const mode = facts.modes.includes('swarm') ? 'swarm' : (facts.modes[0] ?? 'swarm');
  const engines = facts.engines ?? Number.POSITIVE_INFINITY;
  const vote =
    mode === 'swarm' &&
    facts.replicas !== null &&
    facts.replicas.max >= VOTE_REPLICAS &&
    facts.difficultyCue >= VOTE_CUE &&
    engines >= VOTE_REPLICAS;
  return vote ? { mode, replicas: VOTE_REPLICAS } : { mode };
}
