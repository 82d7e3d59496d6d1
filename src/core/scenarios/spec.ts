/**
 * Checks the hand-written scenario files (`scenarios/*.json` of kind wide-search, deep-search and
 * mixed-coding) and the frozen profiles (`scenarios/profiles.json`) against the shapes of
 * spec-types.ts. Every problem becomes one line `file: field.path: expected …, got …`; objects are
 * strict, so a misspelt field is named rather than silently ignored. Checks that relate fields to
 * each other (size.min ≤ size.default ≤ size.max, a column's attr against the entity kind) run
 * once the shapes are right.
 *
 * Graph files (`kind: "graph"`) are pure scheduling and have their own loader
 * (src/core/graph/validate.ts); a caller that loads any scenario file asks `scenarioKindOf` first.
 */

import * as v from 'valibot';
import type { ContextSpec } from '../agents/context/registry';
import type { FailurePolicy, JoinMode } from '../runtime/config';
import type { EntityKind } from '../world/types';
import type { ProfileSpec, SizeSpec, TaskScenarioSpec, WideSearchSpec } from './spec-types';
import { ruleNames } from './widesearch/grade';
import { normColumn } from './widesearch/normalize';

export type ScenarioResult = { ok: true; spec: TaskScenarioSpec } | { ok: false; error: string };
export type ProfilesResult =
  | { ok: true; profiles: Record<string, ProfileSpec> }
  | { ok: false; error: string };

export const taskScenarioKinds = ['wide-search', 'deep-search', 'mixed-coding'] as const;
export type ScenarioFileKind = 'graph' | (typeof taskScenarioKinds)[number];

/** What a wide-search column may hold, per entity kind: attrs, then links (src/core/world/generate.ts). */
export const entityFields: Readonly<Record<EntityKind, readonly string[]>> = {
  country: ['continent', 'population', 'currency', 'capital'],
  city: ['population', 'founded', 'elevation', 'country'],
  person: ['born', 'occupation', 'birthplace', 'employer'],
  company: ['founded', 'industry', 'employees', 'website', 'founder', 'headquarters'],
};
const entityKinds = Object.keys(entityFields) as EntityKind[];
const providerNames = ['simulated', 'webllm', 'openai'];
const joinModes: readonly JoinMode[] = ['async', 'barrier'];
const failurePolicies: readonly FailurePolicy[] = ['fail-fast', 'skip-dependents', 'continue'];

// ——— Field schemas: each states its expectation once, and every failure repeats it. ———

/** How a found value reads in a message. */
function got(x: unknown): string {
  if (x === undefined) return 'nothing';
  if (Array.isArray(x)) return x.length === 0 ? 'an empty list' : 'a list';
  if (typeof x === 'object' && x !== null) return 'an object';
  return typeof x === 'string' ? JSON.stringify(x) : String(x);
}

const says = (expected: string) => (issue: v.BaseIssue<unknown>) =>
  `expected ${expected}, got ${got(issue.input)}`;

const numberIn = (expected: string, ok: (n: number) => boolean) =>
  v.pipe(v.number(says(expected)), v.check(ok, says(expected)));
const whole = (min: number) => numberIn(`a whole number ≥ ${min}`, (n) => Number.isInteger(n) && n >= min);
const share = () => numberIn('a number from 0 to 1', (n) => n >= 0 && n <= 1);
const atLeast0 = () => numberIn('a number ≥ 0', (n) => n >= 0);
const positive = () => numberIn('a number > 0', (n) => n > 0);
const text = () => v.pipe(v.string(says('a non-empty string')), v.nonEmpty(says('a non-empty string')));
const words = () => v.string(says('a string'));
const oneOf = <T extends string>(options: readonly T[]) =>
  v.picklist(options, says(`one of ${options.join(', ')}`));

/** A budget: null means no limit, as budgetsToJson writes it. */
const limit = (min: number, wholeOnly: boolean) => {
  const expected = `${wholeOnly ? 'a whole number' : 'a number'} ${min === 0 ? '> 0' : `≥ ${min}`} (or null: no limit)`;
  const ok = (n: number) => (wholeOnly ? Number.isInteger(n) : true) && (min === 0 ? n > 0 : n >= min);
  return v.optional(
    v.pipe(
      v.nullable(numberIn(expected, ok)),
      v.transform((n) => n ?? Number.POSITIVE_INFINITY),
    ),
  );
};

/** The nearest known name, for a typo (at most two edits away). */
function nearest(name: string, known: readonly string[]): string | undefined {
  const distance = (a: string, b: string) => {
    let row = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const next = [i];
      for (let j = 1; j <= b.length; j++) {
        next[j] = Math.min(next[j - 1]! + 1, row[j]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      }
      row = next;
    }
    return row[b.length]!;
  };
  const scored = known.map((k) => [k, distance(name.toLowerCase(), k.toLowerCase())] as const);
  const best = scored.reduce((a, b) => (b[1] < a[1] ? b : a), ['', Number.POSITIVE_INFINITY] as const);
  return best[1] <= 2 ? best[0] : undefined;
}

/** A strict object: a missing field, an unknown field and a non-object each get their own message. */
function strict<E extends v.ObjectEntries>(what: string, entries: E) {
  const known = Object.keys(entries);
  const required = known.filter((k) => entries[k]!.type !== 'optional');
  return v.strictObject(entries, (issue) => {
    if (issue.expected === 'never') {
      const guess = nearest(String(issue.input), known);
      return `unknown field${guess ? `; did you mean "${guess}"?` : ''} (fields of ${what}: ${known.join(', ')})`;
    }
    if (issue.path) return `required field missing (${what} needs ${required.join(', ')})`;
    const needs = required.length > 0 ? ` with ${required.join(', ')}` : '';
    return `expected ${what} (an object${needs}), got ${got(issue.input)}`;
  });
}

function sizeSchema(kind: string, lo: number, hi: number) {
  const bound = () =>
    v.pipe(
      whole(1),
      v.check((n) => n >= lo && n <= hi, says(`a ${kind} size from ${lo} to ${hi}`)),
    );
  return strict('a size', { default: bound(), min: bound(), max: bound() });
}

// Minima follow each strategy's own construction check (src/core/agents/context/*.ts).
const contextSchema = v.variant(
  'name',
  [
    strict('the keep-all context', { name: v.literal('keep-all') }),
    strict('the hide-tool-result context', {
      name: v.literal('hide-tool-result'),
      keepTurns: v.optional(whole(0)),
      placeholder: v.optional(words()),
    }),
    strict('the sliding-window context', { name: v.literal('sliding-window'), turns: v.optional(whole(0)) }),
    strict('the summary context', {
      name: v.literal('summary'),
      keepTurns: v.optional(whole(0)),
      triggerTokens: v.optional(whole(0)),
      quoteChars: v.optional(whole(1)),
    }),
    strict('the discard-all context', { name: v.literal('discard-all'), maxTokens: v.optional(whole(1)) }),
  ],
  (issue) =>
    issue.path
      ? `expected one of keep-all, hide-tool-result, sliding-window, summary, discard-all, got ${got(issue.input)}`
      : `expected a context strategy ({ "name": …, options }), got ${got(issue.input)}`,
);

const budgetsSchema = strict('budgets', {
  maxConcurrentSubagents: limit(1, true),
  maxOrchestratorSteps: limit(1, true),
  maxStepsPerSubagent: limit(1, true),
  maxToolCalls: limit(1, true),
  maxTokens: limit(1, true),
  maxCost: limit(0, false),
  maxWallMs: limit(0, false),
  maxCriticalSteps: limit(1, true),
});

const worldSchema = strict('world', {
  counts: v.optional(
    v.record(
      v.picklist(
        entityKinds,
        (issue) => `${got(issue.input)} is not an entity kind (one of: ${entityKinds.join(', ')})`,
      ),
      whole(1),
      says('an object of entity counts'),
    ),
  ),
  staleShare: v.optional(share()),
  mirrorShare: v.optional(share()),
});

const common = (kind: string, lo: number, hi: number) => ({
  id: text(),
  title: v.optional(words()),
  description: v.optional(words()),
  size: sizeSchema(kind, lo, hi),
  profile: v.optional(text()),
  context: v.optional(contextSchema),
  budgets: v.optional(budgetsSchema),
  join: v.optional(oneOf(joinModes)),
  failurePolicy: v.optional(oneOf(failurePolicies)),
  mainStepCost: v.optional(whole(0)),
  world: v.optional(worldSchema),
});

const columnSchema = strict('a column', {
  name: text(),
  attr: text(),
  rule: v.optional(oneOf(ruleNames)),
  tolerance: v.optional(atLeast0()),
});

// Size ranges: a wide table of 10–200 rows, a chain of 2–6 hops, 2–12 functions to write.
const scenarioSchema = v.variant(
  'kind',
  [
    strict('a wide-search scenario', {
      kind: v.literal('wide-search'),
      ...common('wide-search', 10, 200),
      entity: oneOf(entityKinds),
      key: text(),
      columns: v.pipe(
        v.array(columnSchema, says('a list of columns')),
        v.minLength(1, says('at least one column')),
      ),
      rowsPerAgent: whole(1),
    }),
    strict('a deep-search scenario', {
      kind: v.literal('deep-search'),
      ...common('deep-search', 2, 6),
      questions: v.optional(whole(1)),
    }),
    strict('a mixed-coding scenario', {
      kind: v.literal('mixed-coding'),
      ...common('mixed-coding', 2, 12),
      dependencyShare: v.optional(share()),
      timeoutMs: v.optional(whole(1)),
    }),
  ],
  (issue) =>
    issue.path
      ? `expected one of ${taskScenarioKinds.join(', ')} (graph files go through the graph loader), got ${got(issue.input)}`
      : `expected a scenario object with a "kind", got ${got(issue.input)}`,
);

const profileSchema = strict('a profile', {
  description: v.optional(words()),
  models: v.pipe(
    v.record(
      v.picklist(
        providerNames,
        (issue) => `${got(issue.input)} is not a provider (one of: ${providerNames.join(', ')})`,
      ),
      text(),
      says('an object from provider to model name'),
    ),
    v.check((models) => Object.keys(models).length > 0, says('a model for at least one provider')),
  ),
  contextWindow: whole(1),
  maxOutputTokens: whole(1),
  allowedTools: v.array(text(), says('a list of tool names')),
  systemPrompt: text(),
  price: strict('a price', { input: atLeast0(), output: atLeast0() }),
  simulator: strict('the simulator parameters', {
    itemError: share(),
    contextDegradation: share(),
    degradationExponent: positive(),
    callsPerTurn: whole(1),
    malformedRate: share(),
    outputTokensPerStep: whole(0),
    wallMsPerToken: atLeast0(),
  }),
});

const profilesSchema = v.pipe(
  v.record(v.string(), profileSchema, says('an object from profile name to profile')),
  v.check((profiles) => Object.keys(profiles).length > 0, says('at least one profile')),
);

// Compile-time: what the schemas accept is a value the rest of the code can read.
type Assignable<T extends U, U> = [T, U];
type _Checks = [
  Assignable<v.InferOutput<typeof scenarioSchema>, TaskScenarioSpec>,
  Assignable<v.InferOutput<typeof contextSchema>, ContextSpec>,
  Assignable<v.InferOutput<typeof profileSchema>, ProfileSpec>,
];

// ——— Checks across fields, run on a well-shaped value. ———

interface Problem {
  readonly path: string;
  readonly message: string;
}

function sizeProblems(size: SizeSpec): Problem[] {
  if (size.min > size.max) {
    return [{ path: 'size.min', message: `expected at most size.max (${size.max}), got ${size.min}` }];
  }
  if (size.default < size.min || size.default > size.max) {
    return [
      {
        path: 'size.default',
        message: `expected from size.min (${size.min}) to size.max (${size.max}), got ${size.default}`,
      },
    ];
  }
  return [];
}

function columnProblems(spec: WideSearchSpec): Problem[] {
  const problems: Problem[] = [];
  const fields = entityFields[spec.entity];
  // Names compare as the grader compares them (normColumn); -1 stands for the key column.
  const seen = new Map<string, number>([[normColumn(spec.key), -1]]);
  spec.columns.forEach((column, i) => {
    const at = `columns[${i}]`;
    if (!fields.includes(column.attr)) {
      problems.push({
        path: `${at}.attr`,
        message: `"${column.attr}" is not an attribute or link of a ${spec.entity} (one of: ${fields.join(', ')})`,
      });
    }
    const first = seen.get(normColumn(column.name));
    if (first === -1) {
      problems.push({
        path: `${at}.name`,
        message: `"${column.name}" is the key column, which holds the ${spec.entity}'s name and is not listed among the columns`,
      });
    } else if (first !== undefined) {
      problems.push({
        path: `${at}.name`,
        message: `"${column.name}" repeats columns[${first}].name (names compare ignoring case and spaces)`,
      });
    } else seen.set(normColumn(column.name), i);
    if (column.tolerance !== undefined && column.rule !== 'number') {
      problems.push({
        path: `${at}.tolerance`,
        message: `only a column with rule "number" takes a tolerance; this one's rule is "${column.rule ?? 'string'}"`,
      });
    }
  });
  return problems;
}

function profileProblems(name: string, profile: ProfileSpec): Problem[] {
  const problems: Problem[] = [];
  if (profile.maxOutputTokens >= profile.contextWindow) {
    problems.push({
      path: `${name}.maxOutputTokens`,
      message: `expected less than contextWindow (${profile.contextWindow}), got ${profile.maxOutputTokens}`,
    });
  }
  profile.allowedTools.forEach((tool, i) => {
    const first = profile.allowedTools.indexOf(tool);
    if (first !== i) {
      problems.push({
        path: `${name}.allowedTools[${i}]`,
        message: `"${tool}" repeats allowedTools[${first}]`,
      });
    }
  });
  return problems;
}

// ——— Entry points ———

type Parsed = { ok: true; value: unknown } | { ok: false; error: string };

function parseJson(text: string, file: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const message = (error as Error).message;
    // V8 gives an offset; a person looks for a line and column.
    const at = /at position (\d+)/.exec(message);
    const before = at ? text.slice(0, Number(at[1])).split('\n') : undefined;
    const where =
      before && !/line \d+/.test(message)
        ? `, line ${before.length} column ${before.at(-1)!.length + 1}`
        : '';
    return { ok: false, error: `${file}: not valid JSON (${message}${where})` };
  }
}

function pathOf(issue: v.BaseIssue<unknown>): string {
  let path = '';
  for (const item of issue.path ?? []) {
    const key = (item as { key: unknown }).key;
    path += typeof key === 'number' ? `[${key}]` : path ? `.${String(key)}` : String(key);
  }
  return path;
}

/** One line per problem, each naming the file. */
function report(file: string, problems: readonly Problem[]): { ok: false; error: string } {
  const lines = problems.map((p) => (p.path ? `${file}: ${p.path}: ${p.message}` : `${file}: ${p.message}`));
  return { ok: false, error: [...new Set(lines)].join('\n') };
}

const issueProblems = (issues: readonly v.BaseIssue<unknown>[]): Problem[] =>
  issues.map((issue) => ({ path: pathOf(issue), message: issue.message }));

/**
 * The `kind` of a parsed scenario file when it is one this project knows, so a loader can send
 * `graph` files to the graph loader and the rest to `parseScenario`; undefined otherwise
 * (`parseScenario` then says what is wrong).
 */
export function scenarioKindOf(json: unknown): ScenarioFileKind | undefined {
  if (typeof json !== 'object' || json === null || !('kind' in json)) return undefined;
  const kind = json.kind;
  return kind === 'graph' || taskScenarioKinds.some((k) => k === kind)
    ? (kind as ScenarioFileKind)
    : undefined;
}

/** Parses and checks a task scenario file. Never throws: every problem is in `error`, one per line. */
export function parseScenario(text: string, file: string): ScenarioResult {
  const json = parseJson(text, file);
  if (!json.ok) return json;
  // A list passes the variant's object test and would be reported as a missing kind.
  if (typeof json.value !== 'object' || json.value === null || Array.isArray(json.value)) {
    return report(file, [
      {
        path: '',
        message: `expected a scenario object with a "kind" (one of ${taskScenarioKinds.join(', ')}), got ${got(json.value)}`,
      },
    ]);
  }
  if (scenarioKindOf(json.value) === 'graph') {
    return report(file, [
      {
        path: 'kind',
        message: `"graph" files are pure scheduling and go through the graph loader (swarm schedule --graph), not the task scenario parser`,
      },
    ]);
  }
  const result = v.safeParse(scenarioSchema, json.value, { abortPipeEarly: true });
  if (!result.success) return report(file, issueProblems(result.issues));
  const spec: TaskScenarioSpec = result.output;
  const problems = [...sizeProblems(spec.size), ...(spec.kind === 'wide-search' ? columnProblems(spec) : [])];
  return problems.length > 0 ? report(file, problems) : { ok: true, spec };
}

/** Parses and checks a profiles file: an object from profile name to profile. Never throws. */
export function parseProfiles(text: string, file: string): ProfilesResult {
  const json = parseJson(text, file);
  if (!json.ok) return json;
  const result = v.safeParse(profilesSchema, json.value, { abortPipeEarly: true });
  if (!result.success) return report(file, issueProblems(result.issues));
  const profiles: Record<string, ProfileSpec> = result.output;
  const problems = Object.entries(profiles).flatMap(([name, profile]) => profileProblems(name, profile));
  return problems.length > 0 ? report(file, problems) : { ok: true, profiles };
}

/** JSON with object keys sorted at every depth: the same data always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonicalJson(x)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Identifies a profile's exact content in a trace header: `sha256:` and the hex SHA-256 of its
 * canonical JSON. Web Crypto, so the same code runs in Node ≥ 20 and in the browser.
 */
export async function profileHash(profile: ProfileSpec): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalJson(profile));
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes);
  return `sha256:${Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
