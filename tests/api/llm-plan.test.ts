/**
 * A run of the `llm` orchestrator through the swarm control API takes its plan turn (issue 41,
 * item 2): the API builds the run through run/plan-turn.ts, so its trace opens with the model's
 * plan_run call, before any subagent is made, and the same seed makes the same events.
 */
import { describe, expect, it } from 'vitest';
import { createSwarmApi } from '../../src/api/api';
import type { SwarmEvent } from '../../src/api/types';
import { frozenClock } from '../../src/core/runtime/ports';

async function collect(events: AsyncIterable<SwarmEvent>): Promise<SwarmEvent[]> {
  const out: SwarmEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

describe('the llm orchestrator through the API', () => {
  it('plans the run with plan_run before it creates a subagent', async () => {
    const api = createSwarmApi({ clock: frozenClock });
    const task = { scenario: 'deep-search', seed: 3, policy: 'llm' } as const;
    const [a, b] = await Promise.all([api.create(task), api.create(task)]);
    const [events, again] = await Promise.all([collect(api.events(a)), collect(api.events(b))]);
    const calls = events.flatMap((e) => (e.type === 'tool.call' && e.caller === 'orchestrator' ? [e] : []));
    expect(calls[0]).toMatchObject({ tool: 'plan_run', ok: true, args: { mode: 'swarm' } });
    expect(calls.findIndex((c) => c.tool === 'create_subagent')).toBeGreaterThan(0);
    const planTurn = events.find((e) => e.type === 'llm.turn' && e.subagent === 'orchestrator');
    expect(planTurn?.type === 'llm.turn' && planTurn['gen_ai.usage.input_tokens']).toBeGreaterThan(0);
    expect(events.at(-1)?.type).toBe('run.finished');
    expect(JSON.stringify(again)).toBe(JSON.stringify(events));
  });
});
