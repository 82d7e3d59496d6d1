/**
 * The full shape of every trace line (events.ts), checked before an imported trace is stored or a
 * trace file is read: the envelope alone let a line such as `{"type":"run.started","seq":0,…}`
 * with no `tasks` through, and the run view then failed on it ("r.tasks is not iterable"). Fields
 * the types name are checked by type; fields they do not name are allowed, so a trace with an
 * extra annotation still reads. Messages name the field and what it should be.
 */

import * as v from 'valibot';
import {
  anomalyKinds,
  faultKinds,
  healingActions,
  OLD_TOPOLOGY_WORDS,
  TOPOLOGIES,
  type TopologyWord,
  type TraceEvent,
  topologyOf,
} from './events';
import type { TraceHeader } from './header';

const str = v.string();
const num = v.pipe(v.number(), v.finite());
const whole = v.pipe(v.number(), v.integer(), v.minValue(0));
const optStr = v.optional(str);
const optWhole = v.optional(whole);

const usage = v.object({
  steps: num,
  toolCalls: num,
  'gen_ai.usage.input_tokens': num,
  'gen_ai.usage.output_tokens': num,
});

const observation = v.object({
  ready: num,
  running: num,
  waiting: num,
  done: num,
  failed: num,
  skipped: num,
  idleSubagents: num,
  subagents: num,
});

const action = v.variant('type', [
  v.object({ type: v.literal('spawn'), count: num, profile: str }),
  v.object({ type: v.literal('assign'), subagent: str, task: str }),
  v.object({ type: v.literal('join'), subagents: v.array(str) }),
  v.object({ type: v.literal('replan'), scope: str }),
  v.object({ type: v.literal('tool_call'), tool: str, args: v.unknown() }),
  v.object({ type: v.literal('give_up'), task: str }),
  v.object({ type: v.literal('finish'), answer: optStr, reason: optStr }),
]);

const task = v.object({
  id: str,
  steps: num,
  deps: v.array(str),
  failProbability: v.optional(num),
  toolCalls: v.optional(num),
  tokensIn: v.optional(num),
  tokensOut: v.optional(num),
});

const attemptOf = { subagent: optStr, task: optStr, attempt: optWhole };
const event = <T extends string, E extends v.ObjectEntries>(type: T, entries: E) =>
  v.object({ type: v.literal(type), ...entries });

const choice = v.object({ head: str, option: str, probability: num });
const decisionLog = v.object({
  features: v.array(num),
  heads: v.record(str, v.array(num)),
  allowed: v.optional(v.record(str, v.array(num))),
  same: v.array(num),
});

const body = v.variant('type', [
  event('run.started', { workers: num, tasks: v.array(task) }),
  event('orchestrator.step', {
    step: num,
    main: v.optional(v.pipe(num, v.minValue(0))),
    observation,
    actions: v.array(action),
    invalid: v.array(v.object({ action, reason: str })),
    rewardProxy: num,
    nextObservation: observation,
    choices: v.optional(v.array(choice)),
    decision: v.optional(decisionLog),
  }),
  event('subagent.spawned', { subagent: str, profile: str }),
  event('task.ready', { task: str }),
  event('task.assigned', { task: str, subagent: str, attempt: whole }),
  event('task.started', { task: str, subagent: str, attempt: whole }),
  event('task.finished', { task: str, subagent: str, attempt: whole, usage, answer: optStr, worker: optStr }),
  event('task.failed', {
    task: str,
    subagent: str,
    attempt: whole,
    error: str,
    final: v.boolean(),
    usage,
    worker: optStr,
  }),
  event('task.retried', { task: str, attempt: whole, readyAt: num }),
  event('task.degraded', { task: str, attempt: whole }),
  event('task.skipped', { task: str, cause: str }),
  event('task.cancelled', { task: str, reason: str, attempt: optWhole, subagent: optStr }),
  event('llm.turn', {
    subagent: str,
    task: optStr,
    attempt: optWhole,
    finishReason: str,
    content: optStr,
    'gen_ai.usage.input_tokens': num,
    'gen_ai.usage.output_tokens': num,
  }),
  event('agent.context', { subagent: str, task: optStr, attempt: optWhole, system: str, prompt: str }),
  event('agent.message', { from: str, to: str, round: num, content: str }),
  event('tool.call', {
    caller: str,
    callId: str,
    tool: str,
    args: v.unknown(),
    ok: v.boolean(),
    result: str,
    refused: v.optional(v.literal(true)),
    rejection: v.optional(
      v.picklist(['malformed-arguments', 'unknown-tool', 'refused-capability', 'invalid-arguments']),
    ),
  }),
  event('anomaly.detected', {
    kind: v.picklist(anomalyKinds),
    ...attemptOf,
    subagent: str,
    evidence: str,
    value: v.optional(num),
    threshold: v.optional(num),
  }),
  event('healing.action', { action: v.picklist(healingActions), ...attemptOf, subagent: str, reason: str }),
  event('chaos.fault', { fault: v.picklist(faultKinds), subagent: str, task: str, attempt: whole }),
  event('budget.exhausted', { budget: str, limit: num, used: num }),
  event('run.graded', {
    'pass@1': num,
    itemF1: num,
    rowF1: num,
    success: v.boolean(),
    criteria: v.optional(v.record(str, num)),
    answer: optStr,
  }),
  event('run.finished', { reason: str, detail: optStr, metrics: v.record(str, num) }),
]);

const header = v.object({
  schema: str,
  scenario: v.object({ id: str, kind: str, title: optStr }),
  seed: num,
  policy: str,
  policyCheckpoint: optStr,
  planChoices: v.optional(v.array(choice)),
  play: v.optional(v.picklist(['greedy', 'sample'])),
  decisionOptions: v.optional(v.record(str, v.array(str))),
  planDecision: v.optional(decisionLog),
  planMode: v.optional(v.picklist(TOPOLOGIES)),
  planCut: v.optional(v.object({ shard: v.optional(num), replicas: v.optional(num) })),
  roles: v.optional(v.record(str, str)),
  ownRequest: v.optional(v.literal(true)),
  request: v.optional(
    v.object({ text: str, workers: v.optional(v.array(str)), manager: optStr, parts: v.optional(num) }),
  ),
  provider: str,
  profiles: v.union([v.array(str), v.record(str, v.object({ model: str, hash: str }))]),
  context: v.optional(v.object({ name: str })),
  size: v.optional(num),
  query: optStr,
  language: v.optional(v.picklist(['en', 'zh', 'ru', 'und'])),
  plan: v.optional(
    v.object({
      thought: str,
      // Older traces' words (`centralized`, `decentralized`) are read as today's.
      topology: v.pipe(
        v.picklist([...TOPOLOGIES, ...Object.keys(OLD_TOPOLOGY_WORDS)]),
        v.transform((word) => topologyOf(word) as TopologyWord),
      ),
      manager_role: v.nullable(str),
      workers: v.array(str),
    }),
  ),
  preference: v.optional(v.object({ cost: num, time: num })),
  budgets: v.record(str, v.nullable(num)),
  join: str,
  mainStepCost: num,
  failurePolicy: str,
  onBudgetExhausted: str,
  retry: v.record(str, v.union([num, v.boolean()])),
});

/** Why an event line does not have its type's shape, in words; undefined when it does. */
export function eventProblem(value: Record<string, unknown>): string | undefined {
  const result = v.safeParse(body, value);
  return result.success ? undefined : describe(result.issues, `a "${String(value.type)}" event`);
}

/** Why a header line is not a trace header, in words; undefined when it is one. */
export function headerProblem(value: Record<string, unknown>): string | undefined {
  const result = v.safeParse(header, value);
  return result.success ? undefined : describe(result.issues, 'the header');
}

function describe(issues: readonly v.BaseIssue<unknown>[], what: string): string {
  const first = issues[0] as v.BaseIssue<unknown>;
  const path = v.getDotPath(first);
  if (first.input === undefined && path) return `${what} lacks "${path}"`;
  return `${what}: ${path ? `"${path}"` : 'a field'} should be ${first.expected ?? 'something else'}, got ${shortJson(first.input)}`;
}

/** A value as JSON, cut to 60 characters: messages quote untrusted input, never at length. */
function shortJson(x: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(x) ?? String(x);
  } catch {
    text = String(x);
  }
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

// Compile-time: what the schemas accept can be read as the trace types.
type Assignable<A, B> = A extends B ? true : never;
type _Checks = [
  Assignable<v.InferOutput<typeof header>, Omit<TraceHeader, 'schema'>>,
  Assignable<v.InferOutput<typeof body>['type'], TraceEvent['type']>,
];
