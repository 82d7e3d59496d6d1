/**
 * Every setting of the page, its type and its default: what the link (url-state.ts) carries, so
 * every experiment is a link. A default is left out of the link, so a plain link stays short.
 */

import type { ContextStrategyName } from '../core/agents/context/registry';
import type { TrainableKind } from '../core/learning/kinds/registry';
import { DEFAULT_HEALING, DEFAULT_POLICY, DEFAULT_SEED } from '../core/request/defaults';
import type { HealingMode } from '../core/request/run-request';
import type { FailurePolicy, JoinMode } from '../core/runtime/config';
import type { ProfileName } from '../core/scenarios/profiles';
import type { FaultKind, PlayMode } from '../core/trace/events';
import { DEFAULT_PREFERENCE, type Preference } from '../core/trace/preference';
import { SIMULATED } from '../core/trace/simulated-id';
import type { Locale } from './i18n/locales';
import { DEFAULT_PACE } from './model/paces';

export const VIEWS = ['gallery', 'run', 'compare', 'train', 'library', 'knowledge', 'router'] as const;

export interface AppState {
  readonly view: (typeof VIEWS)[number];
  readonly scenario: string;
  /** Rows, hops or functions; 0 = the scenario's default. */
  readonly size: number;
  readonly seed: number;
  /** A built-in policy name, or `parl:NAME` / `bandit:NAME` for a policy saved in this browser. */
  readonly policy: string;
  /** A registered provider's id (src/providers/registry.ts). */
  readonly provider: string;
  /** OpenAI-compatible endpoint's base URL (`…/v1`); the API key is never in the link. */
  readonly endpoint: string;
  /** Model name at that endpoint; '' = each profile's own (`models.openai`). */
  readonly model: string;
  /** WebLLM model id for every agent; '' = each profile's own (`models.webllm`). */
  readonly wmodel: string;
  /** WebLLM engines: 1 = one engine shared by every subagent; more = one engine per worker. */
  readonly engines: number;
  /**
   * Every other provider's own fields (those its provider.ts keeps under no link key of their
   * own), by field name, as typed: `pf=reply%3Dhello`.
   */
  readonly pf: Readonly<Record<string, string>>;
  /** '' = the scenario's own profile. */
  readonly profile: '' | ProfileName;
  /** '' = the scenario's own setting. */
  readonly join: '' | JoinMode;
  readonly failure: '' | FailurePolicy;
  readonly context: '' | ContextStrategyName;
  /** Budgets; 0 = the scenario's own (or none). */
  readonly subagents: number;
  readonly criticalSteps: number;
  readonly toolCalls: number;
  /** Real milliseconds a simulated model waits per turn, so a run can be watched. */
  readonly pace: number;
  /** Step mode: the run holds before each orchestrator decision until "Next step" is pressed. */
  readonly step: boolean;
  /** Traces opened (run view: one; compare view: several), by library id. */
  readonly runs: readonly string[];
  /** The orchestrator decision the opened run's fork panel forks from; 0 = the replay's position. */
  readonly fork: number;
  /** The Compare view's picked policies, the first the baseline, run one after another on `seed`. */
  readonly policies: readonly string[];
  readonly train: TrainableKind;
  readonly episodes: number;
  /** The question asked of the knowledge base (the `ask-knowledge-base` scenario). */
  readonly question: string;
  /**
   * The user's own request (the Router's "Run your request"): with a real model the team works on
   * it in place of the scenario's sample task (core/run/request-plan.ts). '' = the sample task.
   */
  readonly ask: string;
  /** The team's workers for `ask`, in the order the work needs them; empty: the scenario's own. */
  readonly team: readonly string[];
  /** The team's manager for `ask`; '' = the scenario's own. */
  readonly lead: string;
  /** Faults a chaos run puts into chosen agents (docs/healing.md); empty: none. */
  readonly chaos: readonly FaultKind[];
  /**
   * The self-healing loop: on quarantines and replaces misbehaving agents, detect only records, off
   * runs none (a chaos run still records what it put in and what was seen).
   */
  readonly healing: HealingMode;
  /** How a trained policy chooses: its likeliest option (greedy) or a draw keyed by the seed (sample). */
  readonly play: PlayMode;
  /** Better ↔ cheaper ↔ faster: the multipliers of the reward's cost and time weights (trace/preference.ts). */
  readonly preference: Preference;
  /** The page's language (src/ui/i18n); '' = the browser's (navigator.languages). */
  readonly lang: '' | Locale;
}

export const defaultState: AppState = {
  view: 'gallery',
  scenario: 'wide-search',
  size: 0,
  seed: DEFAULT_SEED,
  policy: DEFAULT_POLICY,
  provider: SIMULATED,
  endpoint: '',
  model: '',
  wmodel: '',
  engines: 1,
  pf: {},
  profile: '',
  join: '',
  failure: '',
  context: '',
  subagents: 0,
  criticalSteps: 0,
  toolCalls: 0,
  pace: DEFAULT_PACE,
  step: false,
  chaos: [],
  healing: DEFAULT_HEALING,
  play: 'greedy',
  preference: DEFAULT_PREFERENCE,
  lang: '',
  runs: [],
  fork: 0,
  policies: [DEFAULT_POLICY, 'serial'],
  train: 'parl',
  episodes: 300,
  question: '',
  ask: '',
  team: [],
  lead: '',
};
