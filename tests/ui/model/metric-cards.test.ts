import { describe, expect, it } from 'vitest';
import { computeMetrics } from '../../../src/core/trace/metrics';
import { metricCards } from '../../../src/ui/model/metric-cards';

const metrics = { ...computeMetrics([], { prices: {}, mainStepCost: 1, maxCriticalSteps: Infinity }) };
const base = { lowerBound: 10, maxToolCalls: 100, maxTokens: Infinity, running: 3, graded: false };

describe('metric cards', () => {
  it('gives critical steps against the lower bound, warning only past 1.5×', () => {
    const at = (criticalSteps: number) =>
      metricCards({ ...base, metrics: { ...metrics, criticalSteps } }).find((c) => c.id === 'critical-steps');
    expect(at(15)).toMatchObject({ value: '15', detail: 'lower bound 10 (1.5×)' });
    expect(at(15)?.warn).toBeUndefined();
    expect(at(16)?.warn).toMatch(/1\.5× the lower bound: the schedule leaves parallelism unused/);
  });

  it('blames the orchestrator’s own steps, not unused parallelism, when they are most of a slow run', () => {
    const at = (orchestratorSteps: number) =>
      metricCards({ ...base, orchestratorSteps, metrics: { ...metrics, criticalSteps: 70 } }).find(
        (c) => c.id === 'critical-steps',
      )?.warn;
    expect(at(61)).toMatch(/most of the critical steps \(61 of 70\) are the orchestrator's own steps/);
    expect(at(30)).toMatch(/leaves parallelism unused/);
  });

  it('counts tool calls against their budget and warns when it is spent', () => {
    const card = (toolCalls: number, maxToolCalls: number) =>
      metricCards({ ...base, maxToolCalls, metrics: { ...metrics, toolCalls } }).find(
        (c) => c.id === 'tool-calls',
      );
    expect(card(40, 100)).toMatchObject({ value: '40', detail: 'of a budget of 100' });
    expect(card(100, 100)?.warn).toBe('The tool-call budget is spent.');
    expect(card(5, Infinity)).toMatchObject({ detail: 'no budget' });
  });

  it('says the failure share is of tasks that ended failed, so retries that succeeded read as such', () => {
    const card = metricCards({ ...base, metrics: { ...metrics, retryCount: 3, failureRate: 0 } }).find(
      (c) => c.id === 'retries',
    );
    expect(card).toMatchObject({ value: '3', detail: 'tasks that ended failed 0% · skipped 0%' });
  });

  it('shows quality only once the run is graded', () => {
    expect(metricCards({ ...base, metrics }).some((c) => c.id === 'quality')).toBe(false);
    const graded = metricCards({ ...base, graded: true, metrics: { ...metrics, itemF1: 0.9581 } });
    expect(graded.find((c) => c.id === 'quality')?.value).toBe('0.958');
  });

  it("writes a dollar cost to four decimals and the environment's hundreds of price units to one", () => {
    const detail = (estimatedCost: number) =>
      metricCards({ ...base, metrics: { ...metrics, estimatedCost } }).find((c) => c.id === 'tokens')?.detail;
    expect(detail(0.04991)).toMatch(/cost 0\.0499$/);
    expect(detail(12.346)).toMatch(/cost 12\.35$/);
    expect(detail(829.6)).toMatch(/cost 829\.6$/);
  });
});
