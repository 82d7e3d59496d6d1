import { type FaultKind, faultKinds, PLAY_MODES, type PlayMode } from '../core/trace/events';
import { DEFAULT_PREFERENCE, type Preference, parsePreference } from '../core/trace/preference';
import { SIMULATED } from '../core/trace/simulated-id';
/**
 * The experiment lives in the URL hash, so every experiment is a link. One table of
 * settings drives both reading and writing: each has a key, a default and a parser that says in
 * words what was wrong. Defaults are left out of the hash, so a plain link stays short.
 */

import { type ContextStrategyName, contextStrategyNames } from '../core/agents/context/registry';
import { TRAINABLE_KINDS, type TrainableKind } from '../core/learning/kinds/registry';
import { DEFAULT_HEALING, DEFAULT_POLICY, DEFAULT_SEED } from '../core/request/defaults';
import { policyForms, policyProblem } from '../core/request/policy-name';
import { HEALING_MODES, type HealingMode, shown } from '../core/request/run-request';
import { MAX_REQUEST_CHARS } from '../core/run/request-plan';
import { FAILURE_POLICIES, type FailurePolicy, JOIN_MODES, type JoinMode } from '../core/runtime/config';
import { PROFILE_NAMES, type ProfileName } from '../core/scenarios/profiles';
import { PROVIDER_IDS } from '../providers/registry';
import { isLocale, LOCALES, type Locale } from './i18n/locales';
import { english, type Said, words } from './i18n/words';
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

type Parsed<T> = { ok: true; value: T } | { ok: false; error: Said };
type Setting<K extends keyof AppState> = {
  readonly key: K;
  parse(text: string): Parsed<AppState[K]>;
  format(value: AppState[K]): string;
};

function oneOf<T extends string>(options: readonly T[], blank = false) {
  return (text: string): Parsed<T> =>
    (options as readonly string[]).includes(text) || (blank && text === '')
      ? { ok: true, value: text as T }
      : { ok: false, error: words('link.notOneOf', { value: quoted(text), options: options.join(', ') }) };
}

function integer(min: number, max: number) {
  return (text: string): Parsed<number> => {
    if (!/^-?\d+$/.test(text)) return { ok: false, error: words('link.notWhole', { value: quoted(text) }) };
    const value = Number(text);
    return value >= min && value <= max
      ? { ok: true, value }
      : {
          ok: false,
          error: words('link.outOfRange', { value: String(value), min: String(min), max: String(max) }),
        };
  };
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const FIELD = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
const MODEL = /^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,159}$/;

function modelName(text: string): Parsed<string> {
  return text === '' || MODEL.test(text)
    ? { ok: true, value: text }
    : { ok: false, error: words('link.notModel', { value: quoted(text) }) };
}
/** The forms a policy takes (core/request/policy-name.ts): one list for the page, the CLI and the API. */
export const POLICY_FORMS = policyForms();

const plain = String;
const table: { [K in keyof AppState]: Setting<K> } = {
  view: { key: 'view', parse: oneOf(VIEWS), format: plain },
  scenario: {
    key: 'scenario',
    parse: (t) =>
      NAME.test(t)
        ? { ok: true, value: t }
        : { ok: false, error: words('link.notScenario', { value: quoted(t) }) },
    format: plain,
  },
  // Any whole number here: the range is the scenario's own (app-state.ts checks it against the
  // catalog), so a message names that range, as the form does, not a range of the link's.
  size: { key: 'size', parse: integer(-1_000_000, 1_000_000), format: plain },
  seed: { key: 'seed', parse: integer(0, 2 ** 31 - 1), format: plain },
  policy: {
    key: 'policy',
    parse: (t) => {
      const problem = policyProblem(t);
      return problem === undefined ? { ok: true, value: t } : { ok: false, error: problem };
    },
    format: plain,
  },
  provider: { key: 'provider', parse: oneOf(PROVIDER_IDS), format: plain },
  endpoint: {
    key: 'endpoint',
    parse: (t) => {
      if (t === '') return { ok: true, value: '' };
      let url: URL | undefined;
      try {
        url = new URL(t);
      } catch {
        url = undefined;
      }
      return url && (url.protocol === 'http:' || url.protocol === 'https:') && t.length <= 500
        ? { ok: true, value: t }
        : { ok: false, error: words('link.notUrl', { value: quoted(t) }) };
    },
    format: plain,
  },
  model: { key: 'model', parse: modelName, format: plain },
  wmodel: { key: 'wmodel', parse: modelName, format: plain },
  engines: { key: 'engines', parse: integer(1, 8), format: plain },
  pf: {
    key: 'pf',
    parse: (t) => {
      const fields = [...new URLSearchParams(t)];
      const bad = fields.find(([name, value]) => !FIELD.test(name) || value.length > 2000);
      return bad === undefined
        ? { ok: true, value: Object.fromEntries(fields) }
        : { ok: false, error: words('link.notField', { value: quoted(bad[0]), max: 2000 }) };
    },
    format: (fields) => new URLSearchParams(Object.entries(fields).filter(([, x]) => x !== '')).toString(),
  },
  profile: { key: 'profile', parse: oneOf(PROFILE_NAMES, true), format: plain },
  join: { key: 'join', parse: oneOf(JOIN_MODES, true), format: plain },
  failure: { key: 'failure', parse: oneOf(FAILURE_POLICIES, true), format: plain },
  context: { key: 'context', parse: oneOf(contextStrategyNames, true), format: plain },
  subagents: { key: 'subagents', parse: integer(0, 100), format: plain },
  criticalSteps: { key: 'criticalSteps', parse: integer(0, 100_000), format: plain },
  toolCalls: { key: 'toolCalls', parse: integer(0, 1_000_000), format: plain },
  pace: { key: 'pace', parse: integer(0, 5000), format: plain },
  step: {
    key: 'step',
    parse: (t) =>
      t === '1' || t === '0'
        ? { ok: true, value: t === '1' }
        : { ok: false, error: words('link.notOneOrZero', { value: quoted(t) }) },
    format: (on) => (on ? '1' : '0'),
  },
  runs: {
    key: 'runs',
    parse: (t) => {
      const ids = t.split(',').filter((s) => s !== '');
      const bad = ids.find((id) => !NAME.test(id));
      return bad === undefined && ids.length <= 8
        ? { ok: true, value: ids }
        : {
            ok: false,
            error:
              bad === undefined
                ? words('link.atMostRuns', { n: 8 })
                : words('link.notRunId', { value: quoted(bad) }),
          };
    },
    format: (ids) => ids.join(','),
  },
  // Any decision number: whether the run has it is the fork panel's to say, in place.
  fork: { key: 'fork', parse: integer(0, 1_000_000), format: plain },
  // Each name escaped, so a saved policy's name may hold a comma; at most 8, as `runs`.
  policies: {
    key: 'policies',
    parse: (t) => {
      let names: string[];
      try {
        names = t
          .split(',')
          .filter((s) => s !== '')
          .map(decodeURIComponent);
      } catch {
        return { ok: false, error: words('link.notPolicies', { value: quoted(t) }) };
      }
      const problem = names.map(policyProblem).find((p) => p !== undefined);
      if (problem !== undefined) return { ok: false, error: problem };
      return names.length <= 8 && new Set(names).size === names.length
        ? { ok: true, value: names }
        : { ok: false, error: words('link.atMostPolicies', { n: 8 }) };
    },
    format: (names) => names.map(encodeURIComponent).join(','),
  },
  chaos: {
    key: 'chaos',
    parse: (t) => {
      const names = t.split(',').filter((s) => s !== '');
      const bad = names.find((n) => !(faultKinds as readonly string[]).includes(n));
      return bad === undefined
        ? { ok: true, value: [...new Set(names)] as FaultKind[] }
        : { ok: false, error: words('link.notFault', { value: quoted(bad), faults: faultKinds.join(', ') }) };
    },
    format: (faults) => faults.join(','),
  },
  healing: { key: 'healing', parse: oneOf(HEALING_MODES), format: plain },
  play: { key: 'play', parse: oneOf(PLAY_MODES), format: plain },
  preference: {
    key: 'preference',
    parse: (t) => {
      const read = parsePreference(t, 'preference');
      return read.ok ? { ok: true, value: read.preference } : { ok: false, error: read.message };
    },
    format: (p) => `${p.cost},${p.time}`,
  },
  train: { key: 'train', parse: oneOf(TRAINABLE_KINDS), format: plain },
  episodes: { key: 'episodes', parse: integer(10, 20_000), format: plain },
  question: {
    key: 'question',
    parse: (t) =>
      t.length <= 1000
        ? { ok: true, value: t }
        : { ok: false, error: words('link.longQuestion', { max: 1000 }) },
    format: plain,
  },
  ask: {
    key: 'ask',
    parse: (t) =>
      t.length <= MAX_REQUEST_CHARS
        ? { ok: true, value: t }
        : { ok: false, error: words('link.longRequest', { max: MAX_REQUEST_CHARS }) },
    format: plain,
  },
  team: {
    key: 'team',
    parse: (t) => {
      const roles = t
        .split(',')
        .map((r) => r.trim())
        .filter((r) => r !== '');
      const bad = roles.find((r) => !ROLE.test(r));
      return bad !== undefined
        ? { ok: false, error: words('link.notRole', { value: quoted(bad) }) }
        : roles.length > 16
          ? { ok: false, error: words('link.bigTeam', { n: 16 }) }
          : { ok: true, value: roles };
    },
    format: (roles) => roles.join(','),
  },
  // An unknown language is said in English (a reader of neither language may have typed it), and
  // the page then speaks the browser's language.
  lang: {
    key: 'lang',
    parse: (t) =>
      t === '' || isLocale(t)
        ? { ok: true, value: t }
        : {
            ok: false,
            error: `${quoted(t)} is not a language of this page (${LOCALES.join(', ')}); it is shown in your browser's language`,
          },
    format: plain,
  },
  lead: {
    key: 'lead',
    parse: (t) =>
      t === '' || ROLE.test(t)
        ? { ok: true, value: t }
        : { ok: false, error: words('link.notRole', { value: quoted(t) }) },
    format: plain,
  },
};

/** A role as the Router's plans name one (core/router/plan.ts). */
const ROLE = /^[\p{L}\p{N}][\p{L}\p{N} _-]{0,59}$/u;

export interface ReadState {
  readonly state: AppState;
  /** One sentence per setting that was ignored, for the page to show. */
  readonly problems: readonly Said[];
}

/** Reads a hash (`#view=run&seed=3`); anything unknown or out of range is reported and left at its default. */
export function readHash(hash: string, base: AppState = defaultState): ReadState {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const state: Record<string, unknown> = { ...base };
  const problems: Said[] = [];
  const seen = new Set<string>();
  for (const [key, text] of params) {
    if (seen.has(key)) {
      // A link edited by hand can say a setting twice; which one counts must not be a guess.
      problems.push(words('link.repeated', { key: quoted(key) }));
      continue;
    }
    seen.add(key);
    if (!Object.hasOwn(table, key)) {
      problems.push(words('link.unknown', { key: quoted(key) }));
      continue;
    }
    const parsed = table[key as keyof AppState].parse(text);
    if (parsed.ok) state[key] = parsed.value;
    else {
      const problem = words('link.ignored', { key: quoted(key), error: parsed.error });
      // The unknown-language problem stays English, its whole sentence (the lang setting's note).
      problems.push(key === 'lang' ? english(problem) : problem);
    }
  }
  return { state: state as unknown as AppState, problems };
}

/**
 * The state after a change of settings. A fork's decision (`fork`) is of the run it was asked of:
 * a change of the runs opened that does not name one leaves it behind, so another run does not
 * open its fork panel at a decision asked of the last one.
 */
export function patched(state: AppState, patch: Partial<AppState>): AppState {
  const next = { ...state, ...patch };
  const runsChanged = patch.runs !== undefined && patch.runs.join(',') !== state.runs.join(',');
  return runsChanged && patch.fork === undefined ? { ...next, fork: 0 } : next;
}

/** Writes the state as a hash, settings at their default left out, in the table's order. */
export function writeHash(state: AppState): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(table) as (keyof AppState)[]) {
    const setting = table[key] as Setting<typeof key>;
    const text = setting.format(state[key] as never);
    if (text !== setting.format(defaultState[key] as never)) params.set(key, text);
  }
  const text = params.toString();
  return text === '' ? '' : `#${text}`;
}

/**
 * A value from the link, as a message quotes it: a link can carry anything, so it is cut to 40
 * characters and control and bidirectional characters show as "?" (a right-to-left override would
 * otherwise turn the rest of the message around).
 */
export const quoted = (value: string): string => shown(value);
