import { describe, expect, it } from 'vitest';
import { computeMetrics } from '../../../src/core/trace/metrics';
import { metricCards } from '../../../src/ui/model/metric-cards';

const metrics = { ...computeMetrics([], { prices: {}, mainStepCost: 1, maxCriticalSteps: Infinity }) };
const base = { lowerBound: 10, maxToolCalls: 100, maxTokens: Infinity, running: 3, graded: false };

describe('metric cards', () => {
  it('gives critical steps against the lower bound, warning only past 1.5× and once the run has ended', () => {
    const at = (criticalSteps: number, graded = true) =>
      metricCards({ ...base, graded, metrics: { ...metrics, criticalSteps } }).find(
        (c) => c.id === 'critical-steps',
      );
    expect(at(15)).toMatchObject({ value: '15', detail: 'lower bound 10 (1.5×)' });
    expect(at(15)?.warn).toBeUndefined();
    expect(at(16)?.warn).toMatch(/1\.5× the lower bound: the schedule leaves parallelism unused/);
    // Mid-run the bound lags the decisions (it counts ended attempts): no verdict yet.
    expect(at(30, false)?.warn).toBeUndefined();
  });

  it('blames the orchestrator’s own steps, not unused parallelism, when they are most of a slow run', () => {
    const at = (orchestratorSteps: number) =>
      metricCards({
        ...base,
        graded: true,
        orchestratorSteps,
        metrics: { ...metrics, criticalSteps: 70 },
      }).find((c) => c.id === 'critical-steps')?.warn;
    expect(at(61)).toMatch(/most of the critical steps \(61 of 70\) are the orchestrator's own steps/);
    expect(at(30)).toMatch(/leaves parallelism unused/);
  });

  it('says whose pace the wall clock is: the simulated model’s chosen pace, or a real model’s replies', () => {
    const wall = (provider?: string) =>
      metricCards({
        ...base,
        ...(provider ? { provider } : {}),
        metrics: { ...metrics, wallClockMs: 1200 },
      }).find((c) => c.id === 'wall-clock')?.detail;
    expect(wall()).toBe('real time, at the pace set for simulated models');
    expect(wall('simulated')).toBe('real time, at the pace set for simulated models');
    expect(wall('openai')).toBe('real time, as fast as the model (openai) answered');
    // A graph's tasks call no model: its steps play at the pace, whatever provider the run names.
    const graphWall = metricCards({
      ...base,
      kind: 'graph',
      provider: 'openai',
      metrics: { ...metrics, wallClockMs: 1200 },
    }).find((c) => c.id === 'wall-clock')?.detail;
    expect(graphWall).toBe("real time, at the pace set for the graph's steps (its tasks call no model)");
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

  it('holds the quality card’s place with a placeholder until the run is graded', () => {
    expect(metricCards({ ...base, metrics }).find((c) => c.id === 'quality')).toMatchObject({
      value: '—',
      detail: 'graded when the run ends',
    });
    const graded = metricCards({ ...base, graded: true, metrics: { ...metrics, quality: 0.9581 } });
    expect(graded.find((c) => c.id === 'quality')?.value).toBe('0.958');
  });

  it('names the measure each scenario is graded by, and a rubric’s criteria as the answer panel does', () => {
    const quality = (kind: string, criteria?: Record<string, number>) =>
      metricCards({ ...base, graded: true, kind, criteria, metrics: { ...metrics, quality: 0.8 } }).find(
        (c) => c.id === 'quality',
      );
    expect(quality('wide-search')?.detail).toMatch(/^item-F1: WideSearch item-F1/);
    expect(quality('deep-search')?.detail).toMatch(/^exact match: /);
    expect(quality('mixed-coding')?.detail).toMatch(/^pass@1: /);
    // rag-qa: its 0.8 is the mean of the three criteria, not its f1 criterion (0.90).
    const rag = quality('rag-qa', { citations: 1, retrieval: 0.5, f1: 0.9 });
    expect(rag).toMatchObject({ value: '0.8' });
    expect(rag?.detail).toMatch(/^rubric score: mean of citations 1\.00, retrieval 0\.50, f1 0\.90/);
    for (const kind of ['write-story', 'teach-explain', 'rag-qa'])
      expect(quality(kind, { length: 1 })?.detail).not.toMatch(/item-F1/);
    expect(quality('compare-options', { pick: 1, ranking: 0.5, scores: 0.2 })?.detail).toMatch(
      /^rubric score: 0\.6 · pick \+ 0\.4 · ranking \(pick 1\.00, ranking 0\.50, scores 0\.20\)/,
    );
  });

  it('says which metrics the orchestration environment does not model instead of showing none', () => {
    // What an episode's run.finished carries (core/learning/orchestration/trace.ts): no wall clock,
    // no tool calls, input tokens only.
    const { wallClockMs: _w, toolCalls: _t, ...episode } = { ...metrics, tokensIn: 300_480, tokensOut: 0 };
    const cards = metricCards({ ...base, kind: 'orchestration', graded: true, metrics: episode });
    const card = (id: string) => cards.find((c) => c.id === id);
    expect(card('wall-clock')).toMatchObject({ value: '—' });
    expect(card('wall-clock')?.detail).toMatch(/not modelled in the simulated orchestration environment/);
    expect(card('tool-calls')).toMatchObject({ value: '—' });
    expect(card('tool-calls')?.detail).toMatch(/not modelled in the simulated orchestration environment/);
    expect(card('tokens')?.detail).toMatch(/^300,480 in · output tokens not modelled/);
    expect(card('tokens')?.detail).not.toMatch(/0 out/);
    expect(card('quality')?.detail).toMatch(/^environment quality/);
  });

  it('counts a gallery run’s output tokens and names a metric a trace lacks as missing, not 0', () => {
    const full = metricCards({ ...base, metrics: { ...metrics, tokensIn: 10, tokensOut: 5 } });
    expect(full.find((c) => c.id === 'tokens')).toMatchObject({ value: '15' });
    const { toolCalls: _t, ...partial } = metrics;
    expect(metricCards({ ...base, metrics: partial }).find((c) => c.id === 'tool-calls')?.detail).toBe(
      'tool calls not in this trace',
    );
  });

  it("writes a scenario's cost to four decimals and the environment's hundreds to one, in cost units", () => {
    const detail = (cost: number) =>
      metricCards({ ...base, metrics: { ...metrics, cost } }).find((c) => c.id === 'tokens')?.detail;
    expect(detail(0.04991)).toMatch(/· 0\.0499 cost units$/);
    expect(detail(12.346)).toMatch(/· 12\.35 cost units$/);
  });

  it("gives the environment's cost against the instance's reference, where a bare 829.6 means nothing", () => {
    const detail = metricCards({
      ...base,
      kind: 'orchestration',
      metrics: { ...metrics, cost: 829.6, relativeCost: 1.234 },
    }).find((c) => c.id === 'tokens')?.detail;
    expect(detail).toMatch(/· 829\.6 cost units, 1\.23× the instance's reference$/);
  });

  it('says a run that ended early will not be graded, rather than "graded when the run ends"', () => {
    const quality = (endedEarly?: string) =>
      metricCards({ ...base, metrics, ...(endedEarly ? { endedEarly } : {}) }).find((c) => c.id === 'quality')
        ?.detail;
    expect(quality()).toBe('graded when the run ends');
    expect(quality('interrupted')).toBe(
      'not graded: the run was interrupted (its tab closed or reloaded) before its tasks ended',
    );
    expect(quality('cancelled')).toBe('not graded: the run was stopped before its tasks ended');
  });
});
