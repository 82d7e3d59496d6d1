/**
 * Checks the hand-written scenario files (`scenarios/*.json` of every task kind registry.ts lists) against the shapes of spec-types.ts. Every problem becomes one line
 * `file: field.path: expected …, got …`; objects are strict, so a misspelt field is named rather
 * than silently ignored. Checks that relate fields to each other (size.min ≤ size.default ≤
 * size.max, a column's attr against the entity kind) run once the shapes are right. The frozen
 * profiles (`scenarios/profiles.json`) have their own parser in profiles.ts; both build on the
 * field schemas of spec-fields.ts.
 *
 * Graph files (`kind: "graph"`) are pure scheduling and have their own loader
 * (src/core/graph/validate.ts); a caller that loads any scenario file asks `scenarioKindOf` first.
 */

import * as v from 'valibot';
import type { ContextSpec } from '../agents/context/registry';
import { FAILURE_POLICIES, JOIN_MODES } from '../runtime/config';
import type { EntityKind } from '../world/types';
import {
  type Assignable,
  atLeast0,
  fileId,
  got,
  issueProblems,
  limit,
  oneOf,
  type Problem,
  parseJson,
  positive,
  report,
  says,
  share,
  strict,
  text,
  whole,
  wholeIn,
  words,
} from './spec-fields';
import {
  type RagQaSpec,
  REQUEST_LANGUAGES,
  type SizeSpec,
  type TaskScenarioSpec,
  type WideSearchSpec,
} from './spec-types';
import { ruleNames } from './wide-search/grade';
import { normColumn } from './wide-search/normalize';

export type ScenarioResult = { ok: true; spec: TaskScenarioSpec } | { ok: false; error: string };

export const taskScenarioKinds = [
  'wide-search',
  'deep-search',
  'mixed-coding',
  'write-story',
  'teach-explain',
  'rag-qa',
  'compare-options',
] as const;
export type ScenarioFileKind = 'graph' | (typeof taskScenarioKinds)[number];

/** What a wide-search column may hold, per entity kind: attrs, then links (src/core/world/generate.ts). */
export const entityFields: Readonly<Record<EntityKind, readonly string[]>> = {
  country: ['continent', 'population', 'currency', 'capital'],
  city: ['population', 'founded', 'elevation', 'country'],
  person: ['born', 'occupation', 'birthplace', 'employer'],
  company: ['founded', 'industry', 'employees', 'website', 'founder', 'headquarters'],
};
const entityKinds = Object.keys(entityFields) as EntityKind[];

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

/** [min, max] of one field's values, min ≤ max. */
const range = <T extends v.GenericSchema<unknown, number>>(item: T) =>
  v.pipe(
    v.tuple([item, item], says('a range [min, max]')),
    v.check(([lo, hi]) => lo <= hi, says('a range [min, max] with min ≤ max')),
  );

const common = (kind: string, lo: number, hi: number) => ({
  id: fileId(),
  title: v.optional(words()),
  description: v.optional(words()),
  size: sizeSchema(kind, lo, hi),
  profile: v.optional(text()),
  context: v.optional(contextSchema),
  budgets: v.optional(budgetsSchema),
  join: v.optional(oneOf(JOIN_MODES)),
  failurePolicy: v.optional(oneOf(FAILURE_POLICIES)),
  mainStepCost: v.optional(whole(0, 1_000_000)),
  world: v.optional(worldSchema),
  reward: v.optional(
    strict('reward', {
      costWeight: atLeast0(),
      costReference: v.optional(positive()),
      costReferencePerUnit: v.optional(positive()),
      stepsWeight: v.optional(atLeast0()),
    }),
  ),
  engines: v.optional(
    v.union([whole(1), range(whole(1))], says('a number of engines (≥ 1) or a range [min, max]')),
  ),
  difficulty: v.optional(range(share())),
  orchestrator: v.optional(
    strict('orchestrator', {
      briefSteps: atLeast0(),
      briefTokens: whole(0),
      promptTokens: whole(0),
      headerTokens: whole(0),
      mergeError: share(),
    }),
  ),
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
      // Ten minutes per sandbox call at most: beyond 2^31 ms a timer fires at once (docs/cli.md, Limits).
      timeoutMs: v.optional(wholeIn(1, 600_000)),
    }),
    strict('a write-story scenario', {
      kind: v.literal('write-story'),
      ...common('write-story', 3, 7),
      language: v.optional(oneOf(REQUEST_LANGUAGES)),
    }),
    strict('a teach-explain scenario', {
      kind: v.literal('teach-explain'),
      ...common('teach-explain', 3, 12),
      exercisesPerAgent: v.optional(whole(1)),
      language: v.optional(oneOf(REQUEST_LANGUAGES)),
    }),
    strict('a rag-qa scenario', {
      kind: v.literal('rag-qa'),
      ...common('rag-qa', 1, 4),
      language: v.optional(oneOf(REQUEST_LANGUAGES)),
      corpus: v.optional(oneOf(['notes', 'knowledge-base'] as const)),
      question: v.optional(text()),
      chunkSize: v.optional(whole(8)),
      overlap: v.optional(whole(0)),
      topK: v.optional(whole(1)),
    }),
    strict('a compare-options scenario', {
      kind: v.literal('compare-options'),
      ...common('compare-options', 3, 8),
      peers: v.optional(wholeIn(2, 7)),
      rounds: v.optional(wholeIn(1, 5)),
    }),
  ],
  (issue) =>
    issue.path
      ? `expected one of ${taskScenarioKinds.join(', ')} (graph files go through the graph loader), got ${got(issue.input)}`
      : `expected a scenario object with a "kind", got ${got(issue.input)}`,
);
// Compile-time: what the schemas accept is a value the rest of the code can read.
type _Checks = [
  Assignable<v.InferOutput<typeof scenarioSchema>, TaskScenarioSpec>,
  Assignable<v.InferOutput<typeof contextSchema>, ContextSpec>,
];

// ——— Checks across fields, run on a well-shaped value. ———

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

function ragProblems(spec: RagQaSpec): Problem[] {
  const problems: Problem[] = [];
  if ((spec.overlap ?? 16) >= (spec.chunkSize ?? 128)) {
    problems.push({
      path: 'overlap',
      message: `expected less than chunkSize (${spec.chunkSize ?? 128}), got ${spec.overlap}`,
    });
  }
  if (spec.corpus === 'knowledge-base' && spec.question === undefined) {
    problems.push({ path: 'question', message: 'a knowledge-base corpus needs the question to ask of it' });
  }
  return problems;
}

// ——— Entry points ———

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
  const problems = [
    ...sizeProblems(spec.size),
    ...(spec.kind === 'wide-search' ? columnProblems(spec) : []),
    ...(spec.kind === 'rag-qa' ? ragProblems(spec) : []),
  ];
  return problems.length > 0 ? report(file, problems) : { ok: true, spec };
}
