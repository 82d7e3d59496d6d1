/** The `wide-search` scenario file: its own fields, their schema, and the checks across them. */

import * as v from 'valibot';
import type { EntityKind } from '../../world/types';
import { common, entityFields, entityKinds } from '../spec-common';
import type { Assignable } from '../spec-fields';
import { atLeast0, oneOf, type Problem, says, strict, text, whole } from '../spec-fields';
import type { CommonSpec } from '../spec-types';
import { ruleNames } from './grade';
import { normColumn } from './normalize';

export interface WideColumnSpec {
  /** Column header in the table. */
  readonly name: string;
  /** The entity's attribute or link it holds (a link is written as the linked entity's name). */
  readonly attr: string;
  /** WideSearch rule (src/core/scenarios/wide-search/grade.ts). @default 'string' */
  readonly rule?: 'exact' | 'string' | 'judge' | 'number' | 'url' | 'date' | 'contains';
  /** Relative tolerance of a `number` column. */
  readonly tolerance?: number;
}

export interface WideSearchSpec extends CommonSpec {
  readonly kind: 'wide-search';
  /** The kind of entity each row is about; size = rows. */
  readonly entity: EntityKind;
  /** Header of the key column, which holds the entity's name. */
  readonly key: string;
  readonly columns: readonly WideColumnSpec[];
  /** Rows one subagent fills in the swarm decomposition. */
  readonly rowsPerAgent: number;
}

const columnSchema = strict('a column', {
  name: text(),
  attr: text(),
  rule: v.optional(oneOf(ruleNames)),
  tolerance: v.optional(atLeast0()),
});

/** The file's schema; its size range is the kind's own. */
export const wideSearchSchema = strict('a wide-search scenario', {
  kind: v.literal('wide-search'),
  ...common('wide-search', 10, 200),
  entity: oneOf(entityKinds),
  key: text(),
  columns: v.pipe(
    v.array(columnSchema, says('a list of columns')),
    v.minLength(1, says('at least one column')),
  ),
  rowsPerAgent: whole(1),
});

// Compile-time: what the schema accepts is a value the kind can read.
type _Check = Assignable<v.InferOutput<typeof wideSearchSchema>, WideSearchSpec>;

/** Each column holds an attribute of the entity, once, and only a number column a tolerance. */
export function columnProblems(spec: WideSearchSpec): Problem[] {
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
