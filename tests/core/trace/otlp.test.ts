import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { heuristicPolicy } from '../../../src/core/policy/heuristic';
import { peersPolicy } from '../../../src/core/policy/peers';
import type { Policy } from '../../../src/core/policy/types';
import { prepareRun } from '../../../src/core/run/prepare';
import { runPrepared } from '../../../src/core/run/run';
import { simulatedProviderFor } from '../../../src/core/scenarios/players';
import { type OtlpSpan, type OtlpTraceRequest, traceToOtlp } from '../../../src/core/trace/otlp';
import { loadProfiles, loadSpec } from '../../support/scenarios';

// OpenTelemetry's own OTLP message types (protobufjs, generated from the .proto files).
const require = createRequire(import.meta.url);
const otel = require('@opentelemetry/otlp-transformer/build/src/generated/root.js');
const Request = otel.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;

const profiles = loadProfiles();

async function traced(id: 'wide-search' | 'compare-options', size: number, policy: Policy) {
  const run = prepareRun({
    scenario: { type: 'task', spec: loadSpec(id, id) },
    seed: 2,
    size,
    plan: policy.plan ?? 'swarm',
    profiles,
  });
  const result = await runPrepared(run, {
    policy,
    provider: simulatedProviderFor(profiles),
    keepEvents: true,
  });
  return { result, otlp: traceToOtlp(result.header, result.events ?? []) };
}

const spansOf = (otlp: OtlpTraceRequest): readonly OtlpSpan[] =>
  otlp.resourceSpans[0]?.scopeSpans[0]?.spans ?? [];
const value = (span: OtlpSpan, key: string) => {
  const v = span.attributes.find((a) => a.key === key)?.value;
  return v === undefined ? undefined : Object.values(v)[0];
};
const hexBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (b) => Number.parseInt(b, 16));

/** OTLP/JSON to the protobuf message's object form: hex ids are bytes (the OTLP/JSON rule). */
function toProtoObject(otlp: OtlpTraceRequest): unknown {
  return {
    resourceSpans: otlp.resourceSpans.map((rs) => ({
      ...rs,
      scopeSpans: rs.scopeSpans.map((ss) => ({
        ...ss,
        spans: ss.spans.map((s) => ({
          ...s,
          traceId: hexBytes(s.traceId),
          spanId: hexBytes(s.spanId),
          ...(s.parentSpanId ? { parentSpanId: hexBytes(s.parentSpanId) } : {}),
        })),
      })),
    })),
  };
}

describe.each([
  ['a wide search under the swarm', 'wide-search' as const, 12, () => heuristicPolicy],
  ['a decentralized comparison', 'compare-options' as const, 4, () => peersPolicy()],
])('OTLP export of %s', (_name, id, size, policy) => {
  it('is a tree of GenAI spans under one invoke_agent root, every span naming its operation and provider', async () => {
    const { result, otlp } = await traced(id, size, policy());
    const spans = spansOf(otlp);
    const ids = new Set(spans.map((s) => s.spanId));
    expect(ids.size).toBe(spans.length);
    const roots = spans.filter((s) => s.parentSpanId === undefined);
    expect(roots.map((s) => s.name)).toEqual(['invoke_agent orchestrator']);
    for (const s of spans) {
      if (s.parentSpanId) expect(ids.has(s.parentSpanId), s.name).toBe(true);
      expect(s.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(s.spanId).toMatch(/^[0-9a-f]{16}$/);
      expect(value(s, 'gen_ai.operation.name')).toMatch(/^(invoke_agent|chat|execute_tool)$/);
      expect(value(s, 'gen_ai.provider.name')).toBe('simulated');
      expect(BigInt(s.endTimeUnixNano) >= BigInt(s.startTimeUnixNano)).toBe(true);
      expect(BigInt(s.startTimeUnixNano) >= BigInt(roots[0]?.startTimeUnixNano ?? '0')).toBe(true);
    }
    const events = result.events ?? [];
    // One invoke_agent span per attempt, one chat span per model turn, one execute_tool per call.
    const count = (op: string) => spans.filter((s) => value(s, 'gen_ai.operation.name') === op).length;
    expect(count('invoke_agent')).toBe(1 + events.filter((e) => e.type === 'task.started').length);
    expect(count('chat')).toBe(events.filter((e) => e.type === 'llm.turn').length);
    expect(count('execute_tool')).toBe(events.filter((e) => e.type === 'tool.call').length);
    const chats = spans.filter((s) => value(s, 'gen_ai.operation.name') === 'chat');
    const tokens = (key: string) => chats.reduce((n, s) => n + Number(value(s, key)), 0);
    expect(tokens('gen_ai.usage.input_tokens')).toBe(result.metrics.tokensIn);
    expect(tokens('gen_ai.usage.output_tokens')).toBe(result.metrics.tokensOut);
    expect(chats.every((s) => String(value(s, 'gen_ai.request.model')).startsWith('sim-'))).toBe(true);
    for (const s of spans.filter((x) => value(x, 'gen_ai.operation.name') === 'execute_tool')) {
      expect(value(s, 'gen_ai.tool.name')).toBeTruthy();
      expect(value(s, 'gen_ai.tool.call.id')).toBeTruthy();
    }
    if (id === 'compare-options') {
      const messages = roots[0]?.events.filter((e) => e.name === 'agent.message') ?? [];
      expect(messages.length).toBe(events.filter((e) => e.type === 'agent.message').length);
      expect(messages.length).toBeGreaterThan(0);
    }
    // The same trace, the same file.
    expect(JSON.stringify(traceToOtlp(result.header, events))).toBe(JSON.stringify(otlp));
  });

  it("decodes with OpenTelemetry's own OTLP protobuf definitions, GenAI attributes intact", async () => {
    const { otlp } = await traced(id, size, policy());
    const object = toProtoObject(otlp);
    // fromObject reads the OTLP/JSON forms (decimal strings for the 64-bit times); verify then
    // checks every field of the message against the .proto types.
    const message = Request.fromObject(object);
    expect(Request.verify(message)).toBeNull();
    const bytes = Request.encode(message).finish();
    const decoded = Request.toObject(Request.decode(bytes), { longs: String, bytes: String });
    const spans = decoded.resourceSpans[0].scopeSpans[0].spans as {
      name: string;
      attributes: { key: string; value: Record<string, unknown> }[];
      startTimeUnixNano: string;
    }[];
    expect(spans).toHaveLength(spansOf(otlp).length);
    const chat = spans.find((s) => s.name.startsWith('chat '));
    const keys = chat?.attributes.map((a) => a.key) ?? [];
    expect(keys).toEqual(
      expect.arrayContaining([
        'gen_ai.operation.name',
        'gen_ai.provider.name',
        'gen_ai.request.model',
        'gen_ai.usage.input_tokens',
        'gen_ai.usage.output_tokens',
      ]),
    );
    expect(spans[0]?.startTimeUnixNano).toBe(spansOf(otlp)[0]?.startTimeUnixNano);
  });
});

it('is refused by the OTLP definitions when a span’s ids are not bytes', () => {
  const bad = {
    resourceSpans: [{ scopeSpans: [{ spans: [{ traceId: 'not bytes', spanId: 5, name: 'x' }] }] }],
  };
  expect(Request.verify(bad)).toMatch(/traceId: buffer expected|spanId: buffer expected/);
});
