/**
 * Checks the hand-written scenario files (`scenarios/*.json` of every task kind registry.ts lists)
 * against their kinds' schemas (`<kind>/spec.ts`, the shared fields in spec-common.ts). Every problem becomes one line
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
import { KIND_IDS, type KindId, kindOf, scenarioKinds, type TaskScenarioSpec } from './registry';
import { sizeProblems } from './spec-common';
import { got, issueProblems, type Problem, parseJson, report } from './spec-fields';

export type ScenarioResult = { ok: true; spec: TaskScenarioSpec } | { ok: false; error: string };

/** What a world's entities hold, by kind (the wide-search columns' attrs). */
export { entityFields } from './spec-common';

/** The kinds a task scenario file may declare: the registry's. */
export const taskScenarioKinds: readonly KindId[] = KIND_IDS;
export type ScenarioFileKind = 'graph' | KindId;

/** What a wide-search column may hold, per entity kind: attrs, then links (src/core/world/generate.ts). */
/**
 * A task scenario file: the registered kinds' schemas, told apart by `kind` (each kind's own in its
 * folder, `<kind>/spec.ts`), so a new kind's file is read with no line here.
 */
const scenarioSchema = v.variant(
  'kind',
  // biome-ignore lint/suspicious/noExplicitAny: each kind's schema is typed by its own spec; the variant erases them.
  Object.values(scenarioKinds).map((k) => k.schema) as any,
  (issue) =>
    issue.path
      ? `expected one of ${taskScenarioKinds.join(', ')} (graph files go through the graph loader), got ${got(issue.input)}`
      : `expected a scenario object with a "kind", got ${got(issue.input)}`,
);

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
  const problems = [...sizeProblems(spec.size), ...((kindOf(spec.kind)?.check?.(spec) as Problem[]) ?? [])];
  return problems.length > 0 ? report(file, problems) : { ok: true, spec };
}
