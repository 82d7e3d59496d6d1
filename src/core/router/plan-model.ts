/**
 * A plan from a model: the meta-router as a chat model asked for the plan JSON. What it writes is
 * untrusted — it is held to the schema (plan.ts), and a reply that breaks it is answered with the
 * error so the model can correct itself, up to `attempts` replies (ask-json.ts); every refused
 * reply is counted.
 * The simulated provider plays a meta-router too (`metaRouterPlayer`), so the path runs offline.
 */
import type { PlayerInput, PlayerMove } from '../providers/player';
import type { ChatMessage, Provider } from '../providers/types';
import { TOPOLOGIES } from '../trace/events';
import { askForJson } from './ask-json';
import { parseTeamPlan, type TeamPlan, teamFor } from './plan';
import { applyRules } from './rules';

export const META_ROUTER_KIND = 'meta-router';

export const META_ROUTER_SYSTEM = [
  'You are a meta-router. Read the request and plan the team that should handle it.',
  `Answer with JSON only: {"thought": "<why, one sentence>", "topology": ${TOPOLOGIES.map((t) => `"${t}"`).join(' | ')}, "manager_role": "<role>" | null, "workers": ["<role>", …]}.`,
  '`single`: one agent, one worker, manager_role null. `swarm`: a manager (manager_role) who splits the task among workers and merges their work. `peers`: at least two peers, no manager (manager_role null), who judge independently and agree or vote.',
  'Choose the simplest team that still solves the request.',
].join('\n');

export interface ModelPlanResult {
  readonly plan: TeamPlan | undefined;
  /** Replies refused by the schema, with why. */
  readonly refused: readonly string[];
  readonly messages: readonly ChatMessage[];
}

export async function planWithModel(
  provider: Provider,
  query: string,
  options: {
    readonly model: string;
    readonly profile?: string;
    readonly attempts?: number;
    readonly seed?: number;
  },
): Promise<ModelPlanResult> {
  const answer = await askForJson(
    provider,
    [
      { role: 'system', content: META_ROUTER_SYSTEM },
      { role: 'user', content: query },
    ],
    (text) => {
      const reading = parseTeamPlan(text);
      return reading.ok ? { ok: true, value: reading.plan } : { ok: false, message: reading.message };
    },
    {
      model: options.model,
      profile: options.profile ?? 'medium',
      ...(options.attempts !== undefined ? { attempts: options.attempts } : {}),
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
      subtask: { id: 'meta-router', descriptor: { kind: META_ROUTER_KIND, query } },
      correction: (message) =>
        `Your plan does not match the schema: ${message}. Answer again with JSON only.`,
    },
  );
  return { plan: answer.value, refused: answer.refused, messages: answer.messages };
}

/**
 * The simulated meta-router: it plans what the rules would, and at its error rate writes a plan
 * that breaks the schema (a swarm team with no manager) the first time, which it corrects
 * once told.
 */
export function metaRouterPlayer(input: PlayerInput): PlayerMove {
  const query = String((input.descriptor as { query?: unknown } | undefined)?.query ?? '');
  const { choice, matched } = applyRules(query);
  const told = input.messages.some(
    (m) => m.role === 'user' && String(m.content).startsWith('Your plan does not'),
  );
  const plan = teamFor(
    choice.topology,
    choice.workflow,
    `A ${choice.workflow} request (${matched.join(', ') || 'no rule matched'}).`,
  );
  if (!told && input.rng.next() < input.errorRate) {
    return { content: JSON.stringify({ ...plan, topology: 'swarm', manager_role: null }), calls: [] };
  }
  return { content: JSON.stringify(plan), calls: [] };
}
