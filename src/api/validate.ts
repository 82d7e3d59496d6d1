/**
 * Checks a task and a swarm's options before anything starts, and builds the task's run through
 * the composition root (prepareRun): whatever prepareRun would refuse is refused here, with a
 * SwarmApiError naming the field, so a bad call leaves the swarm as it was.
 */

import * as v from 'valibot';
import { resolvePolicy } from '../core/learning/resolve-policy';
import { policyNames } from '../core/policy/registry';
import { type Policy, planChooser } from '../core/policy/types';
import { MAX_TIMER_MS } from '../core/providers/deadline';
import { type PreparedTaskRun, prepareRun } from '../core/scenarios/prepare';
import { profileHashes } from '../core/scenarios/profiles';
import type { ScenarioPorts } from '../core/scenarios/types';
import { frozenProfiles, scenarioSpec } from './catalog';
import { SwarmApiError } from './errors';
import { type SwarmOptions, type SwarmTask, TASK_SCENARIOS, type TaskStatus } from './types';

const wholeNumber = (what: string) =>
  v.pipe(
    v.number(`${what} must be a number`),
    v.integer(`${what} must be a whole number`),
    v.minValue(0, `${what} must be 0 or more`),
    v.maxValue(Number.MAX_SAFE_INTEGER, `${what} is too large`),
  );

// Strict objects: a misspelt key (`sise`) is refused by name rather than silently ignored.
const taskSchema = v.strictObject(
  {
    scenario: v.picklist(TASK_SCENARIOS, `scenario must be one of ${TASK_SCENARIOS.join(', ')}`),
    seed: v.optional(wholeNumber('seed')),
    size: v.optional(wholeNumber('size')),
    policy: v.optional(v.pipe(v.string('policy must be a string'), v.minLength(1, 'policy is empty'))),
    profile: v.optional(v.string('profile must be a string')),
    join: v.optional(v.picklist(['async', 'barrier'], 'join must be async or barrier')),
  },
  // The strict object's own issue: a key it does not know (its input is the key) or not an object.
  (issue) => (issue.expected === 'never' ? `unknown field "${String(issue.input)}"` : 'expected an object'),
);

const optionsSchema = v.strictObject(
  {
    label: v.optional(v.pipe(v.string('label must be a string'), v.maxLength(200, 'label is too long'))),
    concurrency: v.optional(
      v.pipe(
        v.number('concurrency must be a number'),
        v.integer('concurrency must be a whole number'),
        v.minValue(1, 'concurrency must be at least 1'),
        v.maxValue(16, 'concurrency must be at most 16'),
      ),
    ),
    pace: v.optional(
      v.pipe(
        v.number('pace must be a number'),
        v.minValue(0, 'pace must be 0 or more'),
        v.maxValue(10_000, 'pace must be at most 10000'),
      ),
    ),
    // A timer waits at most 2^31 − 1 ms: a longer one fires at once.
    replyDeadlineMs: v.optional(
      v.pipe(
        v.number('replyDeadlineMs must be a number'),
        v.integer('replyDeadlineMs must be a whole number'),
        v.minValue(1, 'replyDeadlineMs must be at least 1'),
        v.maxValue(MAX_TIMER_MS, `replyDeadlineMs must be at most ${MAX_TIMER_MS}`),
      ),
    ),
  },
  (issue) => (issue.expected === 'never' ? `unknown option "${String(issue.input)}"` : 'expected an object'),
);

type Issues = [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]];

function firstIssue(issues: Issues): { field: string | undefined; message: string } {
  const issue = issues[0];
  return { field: v.getDotPath(issue) ?? undefined, message: issue.message };
}

export type NormalTask = TaskStatus['task'];

/** Where a host keeps trained checkpoints (`parl:REF`, `bandit:REF`). */
export interface CheckpointSource {
  /** The checkpoint JSON under `ref`, or undefined when there is none; may throw its own error. */
  load(ref: string): unknown | Promise<unknown>;
  /** Where refs point, for a refusal: "a path to a checkpoint file", "a saved policy's name". */
  readonly describe: string;
}

export interface ReadyTask {
  readonly task: NormalTask;
  readonly run: PreparedTaskRun;
  readonly policy: Policy;
}

const invalid = (message: string, field: string) =>
  new SwarmApiError('invalid-task', `invalid task: ${message}`, field);

/** The task, normalised (seed and policy filled in), with its prepared run and its policy. */
export async function readyTask(
  input: unknown,
  ports: ScenarioPorts,
  checkpoints?: CheckpointSource,
): Promise<ReadyTask> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new SwarmApiError('invalid-task', 'invalid task: expected an object with a "scenario"', 'task');
  }
  const parsed = v.safeParse(taskSchema, input, { abortPipeEarly: true });
  if (!parsed.success) {
    const { field, message } = firstIssue(parsed.issues);
    throw invalid(message, field ?? 'task');
  }
  const t = parsed.output;
  const spec = scenarioSpec(t.scenario);
  if (t.size !== undefined && (t.size < spec.size.min || t.size > spec.size.max)) {
    throw invalid(
      `size of ${t.scenario} must be within ${spec.size.min}…${spec.size.max}, got ${t.size}`,
      'size',
    );
  }
  const profiles = frozenProfiles();
  if (t.profile !== undefined && !Object.hasOwn(profiles, t.profile)) {
    throw invalid(`no profile "${t.profile}" (known: ${Object.keys(profiles).join(', ')})`, 'profile');
  }
  if (spec.kind === 'mixed-coding' && !ports.sandbox) {
    throw invalid(`${t.scenario} runs code and this host has no code sandbox`, 'scenario');
  }
  const task: NormalTask = { ...t, seed: t.seed ?? 1, policy: t.policy ?? 'heuristic' };
  const policy = await resolvePolicy(task.policy, {
    // Trained checkpoints come from the host: files in Node, the policy store in the page.
    load: async (ref) => {
      try {
        return await checkpoints?.load(ref);
      } catch (error) {
        throw invalid((error as Error).message.replace(/^policy: /, ''), 'policy');
      }
    },
    hashes: () => profileHashes(profiles),
    messages: {
      unknownBuiltIn: (name) =>
        `unknown policy "${name}" (known: ${policyNames().join(', ')}, fixed:…, parl:…, bandit:…)`,
      unknownKind: (name, kind) =>
        `policy "${name}": no policy kind "${kind}" (known: fixed:SETTING, parl:CHECKPOINT, bandit:CHECKPOINT)`,
      missing: (ref) =>
        checkpoints
          ? `policy: no checkpoint "${ref}" (${checkpoints.describe})`
          : `policy: no checkpoint "${ref}": this host has no trained policies`,
      unloadable: (ref, reason) => `policy: checkpoint "${ref}" refused: ${reason}`,
      wrongKind: (ref, actual, asked) => `policy: checkpoint "${ref}" is a ${actual} policy, not ${asked}`,
    },
    fail: (message) => invalid(message, 'policy'),
  });
  let run: PreparedTaskRun;
  try {
    run = prepareRun({
      scenario: { type: 'task', spec },
      seed: task.seed,
      ...(task.size !== undefined ? { size: task.size } : {}),
      plan: planChooser(policy),
      profiles,
      overrides: {
        ...(task.profile ? { profile: task.profile } : {}),
        ...(task.join ? { join: task.join } : {}),
      },
    });
  } catch (error) {
    // What is left to refuse is the policy's formation (a peers policy on a scenario without a
    // decentralized plan): the other fields were checked above.
    throw invalid((error as Error).message, 'policy');
  }
  return { task, run, policy };
}

export interface NormalOptions {
  readonly label: string | undefined;
  readonly concurrency: number;
  readonly pace: number;
  /** Undefined: each reply's default deadline, from its output limit. */
  readonly replyDeadlineMs: number | undefined;
}

export function readOptions(input: unknown): NormalOptions {
  if (input === undefined) return { label: undefined, concurrency: 1, pace: 0, replyDeadlineMs: undefined };
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new SwarmApiError('invalid-options', 'invalid options: expected an object', 'options');
  }
  const parsed = v.safeParse(optionsSchema, input, { abortPipeEarly: true });
  if (!parsed.success) {
    const { field, message } = firstIssue(parsed.issues);
    throw new SwarmApiError(
      'invalid-options',
      `invalid options: ${message}`,
      field ? `options.${field}` : 'options',
    );
  }
  const o: SwarmOptions = parsed.output;
  return {
    label: o.label,
    concurrency: o.concurrency ?? 1,
    pace: o.pace ?? 0,
    replyDeadlineMs: o.replyDeadlineMs,
  };
}

export type { SwarmTask };
