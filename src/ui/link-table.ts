/**
 * The link's table: for each setting of the page (page-settings.ts), its key in the link, how its
 * text is read (saying in words what was wrong) and how its value is written. One table drives
 * both reading and writing (url-state.ts).
 */

import { contextStrategyNames } from '../core/agents/context/registry';
import { TRAINABLE_KINDS } from '../core/learning/kinds/registry';
import { policyProblem } from '../core/request/policy-name';
import { HEALING_MODES } from '../core/request/run-request';
import { MAX_REQUEST_CHARS } from '../core/run/request-plan';
import { FAILURE_POLICIES, JOIN_MODES } from '../core/runtime/config';
import { PROFILE_NAMES } from '../core/scenarios/profiles';
import { type FaultKind, faultKinds, PLAY_MODES } from '../core/trace/events';
import { parsePreference } from '../core/trace/preference';
import { PROVIDER_IDS } from '../providers/registry';
import { isLocale, LOCALES } from './i18n/locales';
import { words } from './i18n/words';
import { FIELD, integer, modelName, NAME, oneOf, type Parsed, quoted, ROLE } from './link-values';
import { type AppState, VIEWS } from './page-settings';

/** One setting's key, reader and writer. */
export type Setting<K extends keyof AppState> = {
  readonly key: K;
  parse(text: string): Parsed<AppState[K]>;
  format(value: AppState[K]): string;
};

const plain = String;
export const table: { [K in keyof AppState]: Setting<K> } = {
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
