/**
 * What every task scenario file shares, as schemas: its size, context strategy, budgets, world,
 * reward, engines, difficulty and orchestrator costs (spec-types.ts, CommonSpec). Each kind's own
 * fields and checks are in its folder (`<kind>/spec.ts`), and spec.ts puts them together.
 */

import * as v from 'valibot';
import { FAILURE_POLICIES, JOIN_MODES } from '../runtime/config';
import type { EntityKind } from '../world/types';
import { MAX_PARTS, MAX_REQUEST_CHARS } from './own-request';
import {
  atLeast0,
  fileId,
  got,
  limit,
  numberIn,
  oneOf,
  type Problem,
  positive,
  says,
  share,
  strict,
  text,
  whole,
  words,
} from './spec-fields';
import type { SizeSpec } from './spec-types';

/** What a world's entities of each kind hold: attributes, then links (src/core/world/generate.ts). */
export const entityFields: Readonly<Record<EntityKind, readonly string[]>> = {
  country: ['continent', 'population', 'currency', 'capital'],
  city: ['population', 'founded', 'elevation', 'country'],
  person: ['born', 'occupation', 'birthplace', 'employer'],
  company: ['founded', 'industry', 'employees', 'website', 'founder', 'headquarters'],
};
export const entityKinds = Object.keys(entityFields) as EntityKind[];

export function sizeSchema(kind: string, lo: number, hi: number) {
  const bound = () =>
    v.pipe(
      whole(1),
      v.check((n) => n >= lo && n <= hi, says(`a ${kind} size from ${lo} to ${hi}`)),
    );
  return strict('a size', { default: bound(), min: bound(), max: bound() });
}

// Minima follow each strategy's own construction check (src/core/agents/context/*.ts).
export const contextSchema = v.variant(
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

/** A team role, as the Router's plans name them (router/plan.ts). */
const roleName = () =>
  v.pipe(
    v.string(says('a role name')),
    v.trim(),
    v.regex(
      /^[\p{L}\p{N}][\p{L}\p{N} _-]{0,59}$/u,
      says('a role name: 1 to 60 letters, digits, spaces, - and _'),
    ),
  );

/** The user's own request (run/request-plan.ts): run in place of the sample instance. */
const requestSchema = strict('request', {
  text: v.pipe(
    v.string(says('the request as text')),
    v.check((t) => t.trim() !== '', says('a request that is not empty')),
    v.maxLength(MAX_REQUEST_CHARS, says(`a request of at most ${MAX_REQUEST_CHARS} characters`)),
  ),
  workers: v.optional(
    v.pipe(
      v.array(roleName(), says('a list of roles')),
      v.minLength(1, says('at least one role')),
      v.maxLength(16, says('at most 16 roles')),
    ),
  ),
  manager: v.optional(roleName()),
  parts: v.optional(whole(1, MAX_PARTS)),
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

export const common = (kind: string, lo: number, hi: number) => ({
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
      deadlineWeight: v.optional(atLeast0()),
      deadlineFrom: v.optional(numberIn('a number from 0 to below 1', (n) => n >= 0 && n < 1)),
    }),
  ),
  engines: v.optional(
    v.union([whole(1), range(whole(1))], says('a number of engines (≥ 1) or a range [min, max]')),
  ),
  difficulty: v.optional(range(share())),
  taskSpread: v.optional(share()),
  request: v.optional(requestSchema),
  orchestrator: v.optional(
    strict('orchestrator', {
      briefSteps: atLeast0(),
      briefTokens: whole(0),
      promptTokens: whole(0),
      headerTokens: whole(0),
      mergeError: share(),
      spawnTokens: v.optional(whole(0)),
    }),
  ),
});

/** size.min ≤ size.default ≤ size.max. */
export function sizeProblems(size: SizeSpec): Problem[] {
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
