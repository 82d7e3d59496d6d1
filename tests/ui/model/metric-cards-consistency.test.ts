import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GraphScenario } from '../../../src/core/graph/types';
import { computeMetrics } from '../../../src/core/trace/metrics';
import { callsNoTools, metricCards } from '../../../src/ui/model/metric-cards';

/**
 * Issue 44, item 5: no two numbers on the Run view's cards contradict each other; where they look
 * as if they do, the card says why in one short line.
 */

const metrics = { ...computeMetrics([], { prices: {}, mainStepCost: 1, maxCriticalSteps: Infinity }) };
const base = { lowerBound: 10, maxToolCalls: 1500, maxTokens: Infinity, running: 0, graded: true };
/** A gallery graph scenario's file, as the page reads it. */
const loadGraph = (id: string): GraphScenario =>
  JSON.parse(readFileSync(`scenarios/graphs/${id}.json`, 'utf8')) as GraphScenario;
const card = (input: Parameters<typeof metricCards>[0], id: string) =>
  metricCards(input).find((c) => c.id === id);

describe('the lower bound beside the planned estimate', () => {
  const detail = (lowerBound: number, plannedBound: number, more: Partial<typeof base> & object = {}) =>
    card({ ...base, metrics, lowerBound, plannedBound, ...more }, 'lower-bound')?.detail ?? '';

  it('says why the planned estimate is below the lower bound: retries, or longer attempts', () => {
    // deep-chain seed 1 on the page: "lower bound 51 · planned estimate 45", one retry.
    const retried = card(
      { ...base, lowerBound: 51, plannedBound: 45, metrics: { ...metrics, retryCount: 1 } },
      'lower-bound',
    );
    expect(retried?.detail).toMatch(
      / · planned estimate 45, from the plan's step estimates: 1 retry added work$/,
    );
    expect(detail(98, 95)).toMatch(
      / · planned estimate 95, from the plan's step estimates: the attempts took more steps$/,
    );
  });

  it('says why it is above: shorter attempts, tasks that never ran, or a run not over', () => {
    expect(detail(10, 14)).toMatch(
      /planned estimate 14, from the plan's step estimates: the attempts took fewer steps$/,
    );
    expect(
      card(
        { ...base, lowerBound: 10, plannedBound: 14, metrics: { ...metrics, skipRate: 0.2 } },
        'lower-bound',
      )?.detail,
    ).toMatch(/: not every task ran$/);
    expect(detail(3, 14, { graded: false })).toMatch(
      /planned estimate 14 for the whole run; this one counts the work so far$/,
    );
    expect(
      card({ ...base, lowerBound: 1, plannedBound: 14, metrics, endedEarly: 'cancelled' }, 'lower-bound')
        ?.detail,
    ).toMatch(/planned estimate 14 for the whole run; this one counts the work before it ended$/);
  });

  it('says when they agree', () => {
    expect(detail(12, 12)).toMatch(/ · planned estimate 12, the same$/);
  });
});

describe('the critical steps of a run stopped early', () => {
  it('says the run was stopped there, with no ratio to the bound and no verdict on its schedule', () => {
    // A wide search stopped at once read "Critical steps 1 · lower bound 1 (1×)": a perfect run.
    const at = (endedEarly: string, criticalSteps: number) =>
      card({ ...base, lowerBound: 1, endedEarly, metrics: { ...metrics, criticalSteps } }, 'critical-steps');
    expect(at('cancelled', 1)).toMatchObject({
      value: '1',
      detail: 'the run was stopped here, before its tasks ended · lower bound 1',
    });
    expect(at('interrupted', 5)?.detail).toMatch(
      /^the run was interrupted \(its tab closed or reloaded\) here/,
    );
    expect(at('cancelled', 9)?.warn).toBeUndefined();
  });
});

describe('tool calls where the scenario has no tools', () => {
  it('gives no budget for a graph whose tasks call no tools, and keeps it where calls were made', () => {
    // diamond and stg-100 read "Tool calls 0 of a budget of 1,500".
    const at = (toolCalls: number, noTools: boolean) =>
      card({ ...base, noTools, metrics: { ...metrics, toolCalls } }, 'tool-calls');
    expect(at(0, true)).toMatchObject({ value: '0', detail: "none: this graph's tasks call no tools" });
    expect(at(0, false)).toMatchObject({ value: '0', detail: 'of a budget of 1,500' });
    expect(at(3, true)).toMatchObject({ value: '3', detail: 'of a budget of 1,500' });
  });

  it('finds the gallery graphs that call no tools: diamond and stg-100, not wide-fanout', () => {
    expect(callsNoTools('graph', loadGraph('diamond'))).toBe(true);
    expect(callsNoTools('graph', loadGraph('stg-100'))).toBe(true);
    expect(callsNoTools('graph', loadGraph('wide-fanout'))).toBe(false);
    // A task scenario's plan lists no tool calls, but its agents have tools.
    expect(callsNoTools('write-story', loadGraph('diamond'))).toBe(false);
  });
});
