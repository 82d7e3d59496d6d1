/**
 * A run as OpenTelemetry spans, in OTLP/JSON (an ExportTraceServiceRequest), following the GenAI
 * semantic conventions, so a trace opens in Jaeger, Langfuse or Phoenix (docs/telemetry.md):
 *
 * - `invoke_agent orchestrator`: the root, the whole run;
 * - `invoke_agent <subagent>`: one per attempt (task.started → its end), under the root;
 * - `chat <model>`: one per model turn (`llm.turn`), under its attempt (the orchestrator's own
 *   turns under the root), with the request model and token usage;
 * - `execute_tool <tool>`: one per tool call, under the caller's running attempt;
 *
 * every span carrying `gen_ai.operation.name` and `gen_ai.provider.name`. Messages between peers,
 * budget trips, retries and decisions are span events. Ids are derived from the header, so the
 * same trace gives the same file. A trace has no absolute time: spans start at `startMs` (a fixed
 * date unless the caller gives one) plus the run's wall clock when it ran at a human pace (over a
 * second), else plus its step-time at one second a step — a simulated run finishes in
 * milliseconds, and spans a few microseconds wide say nothing.
 */

import { hashString } from '../util/rng';
import { withoutFailures } from './end-reason';
import type { TraceEvent } from './events';
import type { TraceHeader } from './header';

export type OtlpValue =
  | { readonly stringValue: string }
  | { readonly intValue: string }
  | { readonly doubleValue: number }
  | { readonly boolValue: boolean }
  | { readonly arrayValue: { readonly values: readonly OtlpValue[] } };

export interface OtlpAttribute {
  readonly key: string;
  readonly value: OtlpValue;
}

export interface OtlpSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly name: string;
  /** 1 internal, 3 client (OTLP's SpanKind). */
  readonly kind: number;
  readonly startTimeUnixNano: string;
  readonly endTimeUnixNano: string;
  readonly attributes: readonly OtlpAttribute[];
  readonly events: readonly { timeUnixNano: string; name: string; attributes: readonly OtlpAttribute[] }[];
  /** 1 ok, 2 error. */
  readonly status: { readonly code: number; readonly message?: string };
}

export interface OtlpTraceRequest {
  readonly resourceSpans: readonly {
    readonly resource: { readonly attributes: readonly OtlpAttribute[] };
    readonly scopeSpans: readonly {
      readonly scope: { readonly name: string; readonly version: string };
      readonly spans: readonly OtlpSpan[];
    }[];
  }[];
}

export interface OtlpOptions {
  /** Unix ms the run is taken to start at. @default 2025-01-01T00:00:00Z */
  readonly startMs?: number;
}

const DEFAULT_START_MS = Date.UTC(2025, 0, 1);
const MS_PER_STEP = 1000;
const MAX_TEXT = 1000;

function attr(key: string, value: string | number | boolean | readonly string[]): OtlpAttribute {
  if (Array.isArray(value))
    return { key, value: { arrayValue: { values: value.map((s) => ({ stringValue: s })) } } };
  if (typeof value === 'string') return { key, value: { stringValue: value } };
  if (typeof value === 'boolean') return { key, value: { boolValue: value } };
  return Number.isInteger(value)
    ? { key, value: { intValue: String(value) } }
    : { key, value: { doubleValue: value as number } };
}

const hex8 = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
const cut = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text);

/** The model each profile names in the header (graph runs list names only). */
function modelsOf(header: TraceHeader): Map<string, string> {
  const profiles = header.profiles;
  if (Array.isArray(profiles)) return new Map();
  return new Map(
    Object.entries(profiles as Record<string, { model: string }>).map(([name, p]) => [name, p.model]),
  );
}

interface Open {
  readonly spanId: string;
  readonly name: string;
  readonly start: string;
  readonly attributes: OtlpAttribute[];
  /** When the agent last did something: where its next turn starts. */
  last: string;
}

export function traceToOtlp(
  header: TraceHeader,
  events: readonly TraceEvent[],
  options: OtlpOptions = {},
): OtlpTraceRequest {
  const identity = JSON.stringify([
    header.scenario,
    header.seed,
    header.policy,
    header.provider,
    header.size ?? null,
  ]);
  const traceId = [0, 1, 2, 3].map((i) => hex8(hashString(identity, i))).join('');
  let counter = 0;
  const spanId = () => {
    counter++;
    return hex8(hashString(`${traceId}/${counter}`, 7)) + hex8(hashString(`${traceId}/${counter}`, 11));
  };
  const lastWall = events.reduce((m, e) => Math.max(m, e.wallMs), 0);
  const byWall = lastWall > 1000;
  const base = BigInt(Math.round(options.startMs ?? DEFAULT_START_MS)) * 1_000_000n;
  const at = (e: TraceEvent) =>
    (base + BigInt(Math.round((byWall ? e.wallMs : e.t * MS_PER_STEP) * 1_000_000))).toString();
  const provider = header.provider;
  const common = (operation: string) => [
    attr('gen_ai.operation.name', operation),
    attr('gen_ai.provider.name', provider),
  ];
  const models = modelsOf(header);
  const profileOf = new Map<string, string>();

  const rootId = spanId();
  const spans: OtlpSpan[] = [];
  const rootEvents: OtlpSpan['events'][number][] = [];
  const attempts = new Map<string, Open>();
  const running = new Map<string, string>(); // subagent → its open attempt key
  const first = events[0];
  const start = first ? at(first) : base.toString();
  let end = start;
  let rootStatus: OtlpSpan['status'] = { code: 1 };

  const close = (key: string, e: TraceEvent, status: OtlpSpan['status'], extra: OtlpAttribute[] = []) => {
    const open = attempts.get(key);
    if (!open) return;
    attempts.delete(key);
    spans.push({
      traceId,
      spanId: open.spanId,
      parentSpanId: rootId,
      name: open.name,
      kind: 1,
      startTimeUnixNano: open.start,
      endTimeUnixNano: at(e),
      attributes: [...open.attributes, ...extra],
      events: [],
      status,
    });
  };
  const usageAttrs = (u: { 'gen_ai.usage.input_tokens': number; 'gen_ai.usage.output_tokens': number }) => [
    attr('gen_ai.usage.input_tokens', u['gen_ai.usage.input_tokens']),
    attr('gen_ai.usage.output_tokens', u['gen_ai.usage.output_tokens']),
  ];

  for (const e of events) {
    end = at(e);
    switch (e.type) {
      case 'subagent.spawned':
        profileOf.set(e.subagent, e.profile);
        break;
      case 'task.started': {
        const key = `${e.task}#${e.attempt}`;
        const model = models.get(profileOf.get(e.subagent) ?? '');
        attempts.set(key, {
          spanId: spanId(),
          name: `invoke_agent ${e.subagent}`,
          start: at(e),
          last: at(e),
          attributes: [
            ...common('invoke_agent'),
            attr('gen_ai.agent.name', e.subagent),
            attr('gen_ai.agent.id', e.subagent),
            ...(model ? [attr('gen_ai.request.model', model)] : []),
            attr('swarmflight.task.id', e.task),
            attr('swarmflight.task.attempt', e.attempt),
          ],
        });
        running.set(e.subagent, key);
        break;
      }
      case 'task.finished':
        close(`${e.task}#${e.attempt}`, e, { code: 1 }, usageAttrs(e.usage));
        running.delete(e.subagent);
        break;
      case 'task.failed':
        close(`${e.task}#${e.attempt}`, e, { code: 2, message: cut(e.error) }, usageAttrs(e.usage));
        running.delete(e.subagent);
        break;
      case 'task.cancelled':
        if (e.attempt !== undefined)
          close(`${e.task}#${e.attempt}`, e, { code: 2, message: `cancelled: ${e.reason}` });
        if (e.subagent) running.delete(e.subagent);
        break;
      case 'llm.turn': {
        const key = e.task !== undefined ? `${e.task}#${e.attempt ?? 1}` : undefined;
        const parent = key ? attempts.get(key) : undefined;
        const model = models.get(profileOf.get(e.subagent) ?? '') ?? header.provider;
        const startAt = parent?.last ?? end;
        spans.push({
          traceId,
          spanId: spanId(),
          parentSpanId: parent?.spanId ?? rootId,
          name: `chat ${model}`,
          kind: 3,
          startTimeUnixNano: startAt,
          endTimeUnixNano: at(e),
          attributes: [
            ...common('chat'),
            attr('gen_ai.agent.name', e.subagent),
            attr('gen_ai.request.model', model),
            ...usageAttrs(e),
            attr('gen_ai.response.finish_reasons', [e.finishReason]),
          ],
          events: [],
          status: { code: 1 },
        });
        if (parent) parent.last = at(e);
        break;
      }
      case 'tool.call': {
        const key = running.get(e.caller);
        const parent = key ? attempts.get(key) : undefined;
        spans.push({
          traceId,
          spanId: spanId(),
          parentSpanId: parent?.spanId ?? rootId,
          name: `execute_tool ${e.tool}`,
          kind: 1,
          startTimeUnixNano: parent?.last ?? at(e),
          endTimeUnixNano: at(e),
          attributes: [
            ...common('execute_tool'),
            attr('gen_ai.tool.name', e.tool),
            attr('gen_ai.tool.call.id', e.callId),
            attr('gen_ai.agent.name', e.caller),
          ],
          events: [],
          status: e.ok ? { code: 1 } : { code: 2, message: cut(e.result) },
        });
        break;
      }
      case 'agent.message':
        rootEvents.push({
          timeUnixNano: at(e),
          name: 'agent.message',
          attributes: [
            attr('swarmflight.message.from', e.from),
            attr('swarmflight.message.to', e.to),
            attr('swarmflight.message.round', e.round),
            attr('swarmflight.message.content', cut(e.content)),
          ],
        });
        break;
      case 'budget.exhausted':
        rootEvents.push({
          timeUnixNano: at(e),
          name: 'budget.exhausted',
          attributes: [
            attr('swarmflight.budget', e.budget),
            attr('swarmflight.limit', e.limit),
            attr('swarmflight.used', e.used),
          ],
        });
        break;
      case 'task.retried':
        rootEvents.push({
          timeUnixNano: at(e),
          name: 'task.retried',
          attributes: [attr('swarmflight.task.id', e.task), attr('swarmflight.task.attempt', e.attempt)],
        });
        break;
      case 'run.finished':
        if (!withoutFailures(e.reason)) rootStatus = { code: 2, message: cut(e.detail ?? e.reason) };
        break;
      default:
        break;
    }
  }
  // Attempts still open when the trace ends (a trace cut short) end with it.
  const last = events.at(-1);
  if (last)
    for (const key of [...attempts.keys()])
      close(key, last, { code: 2, message: 'the trace ends before the attempt' });
  const metrics = last?.type === 'run.finished' ? last.metrics : {};
  spans.unshift({
    traceId,
    spanId: rootId,
    name: 'invoke_agent orchestrator',
    kind: 1,
    startTimeUnixNano: start,
    endTimeUnixNano: end,
    attributes: [
      ...common('invoke_agent'),
      attr('gen_ai.agent.name', 'orchestrator'),
      attr('swarmflight.scenario.id', header.scenario.id),
      attr('swarmflight.scenario.kind', header.scenario.kind),
      attr('swarmflight.policy', header.policy),
      attr('swarmflight.seed', header.seed),
      ...(header.plan ? [attr('swarmflight.plan.topology', header.plan.topology)] : []),
      ...Object.entries(metrics)
        .filter(([, v]) => typeof v === 'number' && Number.isFinite(v))
        .map(([k, v]) => attr(`swarmflight.metrics.${k}`, v as number)),
    ],
    events: rootEvents,
    status: rootStatus,
  });
  return {
    resourceSpans: [
      {
        resource: {
          attributes: [attr('service.name', 'swarmflight'), attr('swarmflight.trace.schema', header.schema)],
        },
        scopeSpans: [{ scope: { name: 'swarmflight', version: '1' }, spans }],
      },
    ],
  };
}
