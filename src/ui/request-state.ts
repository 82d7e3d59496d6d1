/**
 * The page's settings and a run request (core/request/run-request.ts) are one thing said two ways:
 * the link's flat keys (`seed=3&subagents=8`) and the request's JSON. The session runs the request
 * the settings make; a link `#request=JSON` opens the settings a request makes. What the page keeps
 * beside a run (the view, the pace, the runs opened, training) is not part of either mapping.
 */

import type { ProviderDescriptor } from '../core/providers/descriptor';
import { DEFAULT_HEALING, DEFAULT_POLICY, DEFAULT_SEED } from '../core/request/defaults';
import type { ProviderRequest, RunRequest } from '../core/request/run-request';
import { DEFAULT_PREFERENCE, isDefaultPreference } from '../core/trace/preference';
import { SIMULATED } from '../core/trace/simulated-id';
import { providerOf } from '../providers/registry';
import { readRunRequest } from '../providers/run-request';
import { type Said, words } from './i18n/words';
import { type AppState, defaultState, type ReadState, readHash } from './url-state';

/**
 * The run request the page's settings make: defaults are left out, as a hand-written one would.
 * The question box keeps its text across scenarios; only a scenario that asks the knowledge base
 * (`asksKnowledgeBase`) takes it.
 */
export function requestOfState(s: AppState, asksKnowledgeBase = true): RunRequest {
  const budgets = {
    ...(s.subagents ? { subagents: s.subagents } : {}),
    ...(s.criticalSteps ? { criticalSteps: s.criticalSteps } : {}),
    ...(s.toolCalls ? { toolCalls: s.toolCalls } : {}),
  };
  return {
    scenario: s.scenario,
    seed: s.seed,
    ...(s.size ? { size: s.size } : {}),
    policy: s.policy,
    ...(s.provider !== SIMULATED
      ? {
          provider: providerOfState(s),
        }
      : {}),
    ...(s.context ? { context: s.context } : {}),
    ...(s.profile ? { profile: s.profile } : {}),
    ...(s.join ? { join: s.join } : {}),
    ...(s.failure ? { failure: s.failure } : {}),
    ...(Object.keys(budgets).length > 0 ? { budgets } : {}),
    healing: s.healing,
    // Only a trained policy has a distribution to draw from; greedy is the request's default.
    ...(s.play === 'sample' && /^(parl|bandit):/.test(s.policy) ? { play: s.play } : {}),
    ...(isDefaultPreference(s.preference) ? {} : { preference: s.preference }),
    ...(s.chaos.length > 0 ? { chaos: s.chaos } : {}),
    ...(asksKnowledgeBase && s.question.trim() ? { knowledgeBase: { question: s.question } } : {}),
    // The user's own request goes to a real model only: the simulated one plays the sample task.
    ...(!asksKnowledgeBase && s.provider !== SIMULATED && s.ask.trim()
      ? {
          request: {
            text: s.ask,
            ...(s.team.length > 0 ? { workers: s.team } : {}),
            ...(s.lead ? { manager: s.lead } : {}),
          },
        }
      : {}),
  };
}

/**
 * The request's `provider` the settings make: its kind and each field its provider.ts declares,
 * read from the link key the field names (`endpoint`, `wmodel`…) or from `pf`; empty ones left out.
 */
function providerOfState(s: AppState): ProviderRequest {
  const fields = providerOf(s.provider)?.fields ?? {};
  const out: Record<string, unknown> = { kind: s.provider };
  for (const [name, field] of Object.entries(fields)) {
    const raw = field.link ? (s as unknown as Record<string, unknown>)[field.link] : s.pf[name];
    if (raw === undefined || raw === '') continue;
    // A whole number typed into `pf` is sent as a number, so the request's check sees its value.
    out[name] = field.type === 'whole' && typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : raw;
  }
  return out as ProviderRequest;
}

/** The link keys a request's provider fields set: its provider.ts's own, the rest under `pf`. */
function stateOfProvider(p: ProviderRequest, descriptor: ProviderDescriptor | undefined): Partial<AppState> {
  const linked: Record<string, unknown> = {};
  const pf: Record<string, string> = {};
  for (const [name, field] of Object.entries(descriptor?.fields ?? {})) {
    const value = p[name];
    if (value === undefined) continue;
    if (field.link) linked[field.link] = value;
    else pf[name] = String(value);
  }
  return { ...linked, pf };
}

/** The settings a run request makes, over the page's defaults for everything it leaves out. */
export function stateOfRequest(r: RunRequest, base: AppState): AppState {
  const p = r.provider;
  return {
    ...base,
    scenario: r.scenario,
    seed: r.seed ?? DEFAULT_SEED,
    size: r.size ?? 0,
    policy: r.policy ?? DEFAULT_POLICY,
    provider: p?.kind ?? SIMULATED,
    endpoint: '',
    model: '',
    wmodel: '',
    engines: 1,
    pf: {},
    ...(p ? stateOfProvider(p, providerOf(p.kind)) : {}),
    context: r.context ?? '',
    profile: (r.profile ?? '') as AppState['profile'],
    join: r.join ?? '',
    failure: r.failure ?? '',
    subagents: r.budgets?.subagents ?? 0,
    criticalSteps: r.budgets?.criticalSteps ?? 0,
    toolCalls: r.budgets?.toolCalls ?? 0,
    healing: r.healing ?? DEFAULT_HEALING,
    play: r.play ?? 'greedy',
    preference: r.preference ?? DEFAULT_PREFERENCE,
    chaos: r.chaos ?? [],
    question: r.knowledgeBase?.question ?? '',
    ask: r.request?.text ?? '',
    team: r.request?.workers ?? [],
    lead: r.request?.manager ?? '',
  };
}

/**
 * Reads a link. A whole run request (`#request={"scenario":…}`, the JSON the CLI and the API take)
 * opens the Run view on the settings it makes; the link's other keys are read over it.
 */
export function readLink(hash: string): ReadState {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const asked = params.get('request');
  if (asked === null) return readHash(hash);
  params.delete('request');
  const read = readJsonRequest(asked);
  const base = read.ok
    ? { ...stateOfRequest(read.request, defaultState), view: 'run' as const }
    : defaultState;
  const rest = readHash(params.toString(), base);
  return read.ok
    ? rest
    : { ...rest, problems: [words('link.badRequest', { reason: read.message }), ...rest.problems] };
}

function readJsonRequest(text: string): { ok: true; request: RunRequest } | { ok: false; message: Said } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: words('link.notJson') };
  }
  const read = readRunRequest(json);
  return read.ok ? read : { ok: false, message: read.message };
}
