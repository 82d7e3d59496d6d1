/**
 * The experiment lives in the URL hash, so every experiment is a link. One table of settings
 * (link-table.ts) drives both reading and writing: each has a key, a default (page-settings.ts) and
 * a parser that says in words what was wrong. Defaults are left out of the hash, so a plain link
 * stays short.
 */

import { policyForms } from '../core/request/policy-name';
import { english, type Said, words } from './i18n/words';
import { type Setting, table } from './link-table';
import { quoted } from './link-values';
import { type AppState, defaultState } from './page-settings';

// The page's modules take the settings' type and defaults, and the quoting of a link's value, from here.
export { type AppState, defaultState, VIEWS } from './page-settings';
export { quoted };

/** The forms a policy takes (core/request/policy-name.ts): one list for the page, the CLI and the API. */
export const POLICY_FORMS = policyForms();

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
