/**
 * What the page calls a run's agents. The runtime names subagents by number (sa-1, sa-2…); when a
 * team plan named roles (the Router's plan, the user's own request), the trace header says which
 * role each task was done in (`roles`), and an agent is shown by the role of the tasks it ran:
 * "Writer · sa-3". An agent that ran tasks of several roles is shown with each, in order.
 */

export function agentNames(
  roles: Readonly<Record<string, string>> | undefined,
  attempts: readonly { readonly task: string; readonly subagent: string }[],
): Map<string, string> {
  const names = new Map<string, string>();
  if (!roles) return names;
  const byAgent = new Map<string, string[]>();
  for (const a of attempts) {
    const role = roles[a.task];
    if (role === undefined) continue;
    const list = byAgent.get(a.subagent) ?? [];
    if (!list.includes(role)) list.push(role);
    byAgent.set(a.subagent, list);
  }
  for (const [agent, list] of byAgent) names.set(agent, `${list.join(' / ')} · ${agent}`);
  return names;
}
