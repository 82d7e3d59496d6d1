/**
 * What a run is, said once: the scenario, its instance, the policy, the provider and everything the
 * page's forms, the CLI's flags and the API's task may set. Every way into a run maps its own input
 * (a URL, flags, a JSON task) to a RunRequest and checks it here, so a bad field gets the same
 * message everywhere, naming the field and what is accepted. docs/api.md, "A run request".
 *
 * Only what changes the run is here. How fast it is played (pace), where its trace goes and which
 * origins may talk to the page are each edge's own.
 */

import * as v from 'valibot';
import { contextStrategyNames } from '../agents/context/registry';
import { type ProviderDescriptor, providerSchema } from '../providers/descriptor';
import { MAX_PARTS, MAX_REQUEST_CHARS } from '../run/request-plan';
import { FAILURE_POLICIES, JOIN_MODES } from '../runtime/config';
import { faultKinds, PLAY_MODES } from '../trace/events';
import { PREFERENCE_ACCEPTED, preferenceValueProblem } from '../trace/preference';
import { policyProblem } from './policy-name';

/** The self-healing loop: `on` quarantines and replaces, `detect` only records, `off` runs none. */
export const HEALING_MODES = ['on', 'detect', 'off'] as const;
export type HealingMode = (typeof HEALING_MODES)[number];

/**
 * Who answers, as a request names it: `kind`, one of the registered providers
 * (src/providers/registry.ts), and that provider's own fields (its provider.ts), each checked by
 * the provider's declaration; a key is never one of them.
 */
export interface ProviderRequest {
  readonly kind: string;
  /** openai: the server's base URL (`…/v1`). */
  readonly endpoint?: string;
  /** openai, webllm: the model every agent asks for; each profile's own when absent. */
  readonly model?: string;
  /** webllm: engines, 1 is one engine shared by every subagent. */
  readonly engines?: number;
  /** Any other provider's own fields. */
  readonly [field: string]: unknown;
}

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const MAX_SEED = 2 ** 31 - 1;

const whole = (field: string, min: number, max: number) =>
  v.pipe(
    v.number(`${field} must be a whole number`),
    v.integer(`${field} must be a whole number`),
    v.minValue(min, `${field} must be ${min} or more`),
    v.maxValue(max, `${field} must be at most ${max}`),
  );

const oneOf = <T extends string>(field: string, options: readonly T[]) =>
  v.picklist(options, (issue) => `${field} must be one of ${options.join(', ')}, not ${shown(issue.input)}`);

/** The strict object's own issue: a key it does not know, or not an object at all. */
const strict =
  (where: string) =>
  (issue: v.BaseIssue<unknown>): string =>
    issue.expected === 'never'
      ? `${where}unknown field "${String(issue.input)}"`
      : issue.path !== undefined && issue.input === undefined
        ? `${where.replace(': ', '.')}${v.getDotPath(issue)?.split('.').at(-1)} is required`
        : `${where === '' ? 'a run request' : where.slice(0, -2)} must be an object`;

/** One preference multiplier (trace/preference.ts): its message names the range. */
const multiplier = (field: string) =>
  v.pipe(
    v.unknown(),
    v.rawCheck(({ dataset, addIssue }) => {
      const problem = preferenceValueProblem(field, dataset.value);
      if (problem) addIssue({ message: problem });
    }),
    v.transform((x) => x as number),
  );

/** A team role, as the Router's plans name them. */
const roleName = (field: string) =>
  v.pipe(
    v.string(`${field} must be role names`),
    v.regex(
      /^[\p{L}\p{N}][\p{L}\p{N} _-]{0,59}$/u,
      `${field} must be role names: 1 to 60 letters, digits, spaces, - and _`,
    ),
  );

/**
 * The fields, each checked on its own: the page's URL checks one at a time through `fieldProblem`.
 * The RunRequest type is derived from them (below), so the schema and the type cannot drift.
 */
export const runRequestFields = {
  /** A scenario's id: `wide-search`, `stg-100`… */
  scenario: v.pipe(
    v.string('scenario must be a scenario id'),
    v.regex(ID, 'scenario must be a scenario id (letters, digits, ".", "_" and "-")'),
  ),
  /** The instance and every random draw of the run. @default 1 */
  seed: v.optional(whole('seed', 0, MAX_SEED)),
  /** Rows, hops, functions…: the scenario's default when absent, and within its range. */
  size: v.optional(whole('size', 0, 1_000_000)),
  /** `serial`, `heuristic`, `critical-path`, `peers`, `llm`, `fixed:…`, `parl:…`, `bandit:…`. @default 'heuristic' */
  policy: v.optional(
    v.pipe(
      v.string('policy must be a policy name'),
      v.rawCheck(({ dataset, addIssue }) => {
        const problem = dataset.typed ? policyProblem(dataset.value as string) : undefined;
        if (problem) addIssue({ message: `policy: ${problem}` });
      }),
    ),
  ),
  /** Every agent's context strategy; the scenario's when absent. */
  context: v.optional(oneOf('context', contextStrategyNames)),
  /** Overrides of the scenario's own settings: profile, join, failure, budgets. */
  profile: v.optional(
    v.pipe(v.string('profile must be a profile name'), v.regex(ID, 'profile must be a profile name')),
  ),
  join: v.optional(oneOf('join', JOIN_MODES)),
  failure: v.optional(oneOf('failure', FAILURE_POLICIES)),
  budgets: v.optional(
    v.strictObject(
      {
        subagents: v.optional(whole('budgets.subagents', 1, 100)),
        criticalSteps: v.optional(whole('budgets.criticalSteps', 1, 100_000)),
        toolCalls: v.optional(whole('budgets.toolCalls', 1, 1_000_000)),
      },
      strict('budgets: '),
    ),
  ),
  /** @default 'on' */
  healing: v.optional(oneOf('healing', HEALING_MODES)),
  /**
   * How a trained policy (`parl:…`, `bandit:…`) chooses: `greedy` takes each head's likeliest
   * option, `sample` draws from its distribution with draws keyed by the seed. The trace logs
   * which, with every decision's distribution (docs/learning.md, "Off-policy evaluation").
   * @default 'greedy'
   */
  play: v.optional(oneOf('play', PLAY_MODES)),
  /**
   * Better ↔ cheaper ↔ faster: multipliers of the scenario's cost weight μ and critical-steps
   * weight η in the reward, each from 0 to 3 (trace/preference.ts). A policy trained with
   * preference inputs plays to it. @default { cost: 1, time: 1 }, the scenario's own reward
   */
  preference: v.optional(
    v.strictObject(
      { cost: multiplier('preference.cost'), time: multiplier('preference.time') },
      (issue) => `${strict('preference: ')(issue)} (${PREFERENCE_ACCEPTED})`,
    ),
  ),
  /** Faults put into chosen agents (docs/healing.md); none when absent. */
  chaos: v.optional(
    v.pipe(
      v.array(oneOf('chaos', faultKinds), 'chaos must be a list of faults'),
      v.check((list) => new Set(list).size === list.length, 'chaos names a fault twice'),
      v.readonly(),
    ),
  ),
  /** The question asked of the user's own knowledge base (`ask-knowledge-base`). */
  knowledgeBase: v.optional(
    v.strictObject(
      {
        question: v.pipe(
          v.string('knowledgeBase.question must be text'),
          v.minLength(1, 'knowledgeBase.question is empty'),
          v.maxLength(1000, 'knowledgeBase.question is longer than 1,000 characters'),
        ),
      },
      strict('knowledgeBase: '),
    ),
  ),
  /**
   * The user's own request, worked on by the team in place of the scenario's sample task
   * (docs/api.md, "Your own request"): the roles name the team, in the order the work needs
   * them, as the Router's plan does. A real model only.
   */
  request: v.optional(
    v.strictObject(
      {
        text: v.pipe(
          v.string('request.text must be text'),
          v.check((t) => t.trim() !== '', 'request.text is empty'),
          v.maxLength(
            MAX_REQUEST_CHARS,
            `request.text is longer than ${MAX_REQUEST_CHARS.toLocaleString('en')} characters`,
          ),
        ),
        workers: v.optional(
          v.pipe(
            v.array(roleName('request.workers'), 'request.workers must be a list of roles'),
            v.minLength(1, 'request.workers names no role'),
            v.maxLength(16, 'request.workers names more than 16 roles'),
            v.readonly(),
          ),
        ),
        manager: v.optional(roleName('request.manager')),
        parts: v.optional(whole('request.parts', 1, MAX_PARTS)),
      },
      strict('request: '),
    ),
  ),
} as const;

/**
 * The whole request's schema, its `provider` checked against the registered providers' own
 * declarations (src/providers/registry.ts): core does not import the registry, whose folders hold
 * each host's parts, so the edges bind it once (src/providers/run-request.ts).
 */
const schemaFor = (providers: readonly ProviderDescriptor[]) =>
  v.strictObject({ ...runRequestFields, provider: v.optional(providerSchema(providers)) }, strict(''));

/**
 * What a run is: the fields' output types, read-only, and `provider` as the registered providers'
 * schemas give it (a `ProviderRequest`: their `kind` and own fields). Derived, not written beside
 * the schema, so a field added to one is in the other (issue 60 item 3).
 */
export type RunRequest = Readonly<v.InferOutput<v.StrictObjectSchema<typeof runRequestFields, undefined>>> & {
  /** Who answers for the agents. @default { kind: 'simulated' } */
  readonly provider?: ProviderRequest;
};

/** A refusal: the field (a dotted path, `provider.kind`) and the message, which names it. */
export interface RequestProblem {
  readonly field: string;
  readonly message: string;
}

export type ReadRequest = { ok: true; request: RunRequest } | ({ ok: false } & RequestProblem);

function problemOf(issues: readonly v.BaseIssue<unknown>[]): RequestProblem {
  const issue = issues[0] as v.BaseIssue<unknown>;
  // An unknown key's path is the key itself (`sise`, `budgets.subagent`): the field to fix.
  return { field: v.getDotPath(issue) ?? 'request', message: issue.message };
}

/**
 * The reader of run requests for these providers: checks a run request (parsed JSON, or an object
 * an edge built); the first problem is reported.
 */
export function runRequestReader(providers: readonly ProviderDescriptor[]): (input: unknown) => ReadRequest {
  const schema = schemaFor(providers);
  return (input) => {
    const parsed = v.safeParse(schema, input, { abortPipeEarly: true });
    return parsed.success ? { ok: true, request: parsed.output } : { ok: false, ...problemOf(parsed.issues) };
  };
}

/** Why one field's value is refused, or undefined: the page's URL checks each setting this way. */
export function fieldProblem(field: keyof typeof runRequestFields, value: unknown): string | undefined {
  const parsed = v.safeParse(runRequestFields[field], value, { abortPipeEarly: true });
  return parsed.success ? undefined : parsed.issues[0].message;
}

/**
 * A value from outside, as a message quotes it (the page's link uses it too): cut to 40
 * characters, control and bidirectional characters as "?" (an override would turn the message around).
 */
export function shown(value: unknown): string {
  if (typeof value !== 'string') return JSON.stringify(value) ?? String(value);
  const printable = value.replace(/[\p{Cc}\p{Cf}]/gu, '?');
  return `"${printable.length > 40 ? `${printable.slice(0, 37)}…` : printable}"`;
}
