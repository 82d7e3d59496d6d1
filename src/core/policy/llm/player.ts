/**
 * The simulated provider playing the orchestrator (descriptor kind `orchestrator`), so the `llm`
 * policy runs offline end to end. Like every player it reads only the messages: the latest status
 * block. It gives each ready item, most critical first, to an idle subagent, creating subagents up
 * to the limit, all in one turn; waits with a short note while work runs and nothing is ready; and
 * calls finish when nothing is ready or running. The provider around it breaks a call now and
 * then (the profile's `malformedRate`), which the policy answers and counts.
 */

import type { Player, PlayerMove } from '../../providers/player';
import { latestStatus } from './protocol';

const ROLE =
  'You handle one work item of a larger task at a time. Use your tools, and answer in exactly the format the item asks for.';

export const orchestratorPlayer: Player = (input): PlayerMove => {
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
