import { describe, expect, it } from 'vitest';
import { lowerBound } from '../../../../src/core/graph/cpm';
import { graphOrThrow } from '../../../../src/core/graph/validate';
import { fixedOrchestrator, parseSetting } from '../../../../src/core/learning/orchestration/decisions';
import { playInstance } from '../../../../src/core/learning/orchestration/episode';
import { drawInstance } from '../../../../src/core/learning/orchestration/instance';
import { price } from '../../../../src/core/learning/orchestration/model';
import {
  type ProfileName,
  defaultEnvParams as params,
} from '../../../../src/core/learning/orchestration/params';
import { orchestrationReward } from '../../../../src/core/learning/orchestration/reward';
import { episodeTrace } from '../../../../src/core/learning/orchestration/trace';
import { splitSeeds } from '../../../../src/core/scenarios/splits';
import { checkImport } from '../../../../src/core/trace/import-check';
import { encodeTrace } from '../../../../src/core/trace/jsonl';
import { realizedLowerBound } from '../../../../src/core/trace/realized-bound';
import { RealizedFold } from '../../../../src/core/trace/realized-path';

const SETTINGS = [
  'solo/medium',
  'spawn/1/1/medium/retry',
  'spawn/4/3/small/escalate',
  'spawn/2/1/large/degrade',
];

describe('an orchestration episode as a trace', () => {
  const seeds = splitSeeds('test', 40);

  it('is a trace the Library would import, with times that never go back', () => {
    for (const seed of seeds)
      for (const setting of SETTINGS) {
        const { header, events } = episodeTrace(
          params,
          drawInstance(params, seed),
          fixedOrchestrator(parseSetting(setting)),
        );
        const checked = checkImport(encodeTrace(header, events), { label: 'x', startedAt: 0 }, () => 'id');
        expect(checked.events.length).toBe(events.length);
        for (let i = 1; i < events.length; i++)
          expect(events[i]?.t).toBeGreaterThanOrEqual(events[i - 1]?.t as number);
      }
  });

  it('records the same quality, cost and reward as the episode, and changes nothing in it', () => {
    for (const seed of seeds)
      for (const setting of SETTINGS) {
        const instance = drawInstance(params, seed);
        const policy = fixedOrchestrator(parseSetting(setting));
        const plain = playInstance(params, instance, policy);
        const { events, result } = episodeTrace(params, instance, policy);
        expect(result).toEqual(plain);
        const finished = events.at(-1);
        if (finished?.type !== 'run.finished') throw new Error('the last event is not run.finished');
        expect(finished.metrics.quality).toBe(plain.quality);
        expect(finished.metrics.cost).toBe(plain.cost);
        expect(finished.metrics.reward).toBe(orchestrationReward(params, plain, 0, 0).reward);
        expect(finished.t).toBe(Math.round(plain.criticalSteps));
        expect(finished.metrics.criticalSteps).toBe(plain.criticalSteps);
      }
  });

  it('holds every token the episode paid for, so the Run view counts its tokens, retries and parallelism', () => {
    let spareRuns = 0;
    for (const seed of seeds)
      for (const setting of [...SETTINGS, 'spawn/2/1/medium/retry/spares-all']) {
        const instance = drawInstance(params, seed);
        const { events, result } = episodeTrace(params, instance, fixedOrchestrator(parseSetting(setting)));
        // Price every token in the trace at the model that read it: the orchestrator's turns and
        // its solo attempt at its own, spares and subagents at theirs. The sum is the episode's cost
        // (tokens are rounded to whole ones per event), so no reading is missing or counted twice.
        const profileOf = new Map<string, ProfileName>([['orchestrator', params.main.profile]]);
        let priced = 0;
        let tokens = 0;
        for (const e of events) {
          if (e.type === 'subagent.spawned') profileOf.set(e.subagent, e.profile as ProfileName);
          const read =
            e.type === 'llm.turn'
              ? e['gen_ai.usage.input_tokens']
              : e.type === 'task.finished' || e.type === 'task.failed'
                ? (e.usage?.['gen_ai.usage.input_tokens'] ?? 0)
                : 0;
          if (read === 0) continue;
          const who = (e as { subagent: string }).subagent;
          priced += price(params, profileOf.get(who) as ProfileName, read);
          tokens += read;
        }
        expect(Math.abs(priced - result.cost)).toBeLessThanOrEqual(result.cost * 1e-3 + 1e-6);
        if (events.some((e) => e.type === 'subagent.spawned' && e.subagent.startsWith('spare-'))) spareRuns++;
        const finished = events.at(-1);
        if (finished?.type !== 'run.finished') throw new Error('the last event is not run.finished');
        expect(finished.metrics.tokensIn).toBe(tokens);
        if (!result.solo)
          expect(finished.metrics.retryCount).toBe(
            result.attempts - events.filter((e) => e.type === 'task.ready').length,
          );
        if (!result.solo) expect(finished.metrics.avgParallelism).toBeGreaterThan(0);
      }
    expect(spareRuns).toBeGreaterThan(0);
  });

  it('shows every attempt: one task.started per attempt, failures with their retry or their end', () => {
    let failures = 0;
    for (const seed of seeds) {
      const instance = drawInstance(params, seed);
      const policy = fixedOrchestrator(parseSetting('spawn/1/3/small/retry'));
      const { events, result } = episodeTrace(params, instance, policy);
      const started = events.filter((e) => e.type === 'task.started');
      expect(started.length).toBe(result.attempts);
      const failed = events.filter((e) => e.type === 'task.failed');
      expect(failed.length).toBe(result.failedAttempts);
      // A retry after a crash runs on the subagent that crashed: one spawn per subagent, not per attempt.
      expect(events.filter((e) => e.type === 'subagent.spawned').length).toBe(result.spawned);
      const by = new Map<string, string>();
      for (const e of events)
        if (e.type === 'task.started') {
          if (e.attempt > 1) expect(e.subagent).toBe(by.get(e.task));
          by.set(e.task, e.subagent);
        }
      failures += failed.length;
      for (const f of failed) {
        if (f.type !== 'task.failed') continue;
        const next = events.find(
          (e) =>
            (e.type === 'task.retried' || e.type === 'task.degraded') && e.task === f.task && e.seq > f.seq,
        );
        expect(next, `a failure of ${f.task} is followed by its retry or its end`).toBeDefined();
        expect(next?.type).toBe(f.final ? 'task.degraded' : 'task.retried');
      }
      const run = events[0];
      if (run?.type !== 'run.started') throw new Error('the first event is not run.started');
      // The orchestrator's work is its steps, not tasks: the tasks are the shards and their replicas.
      for (const t of run.tasks) {
        expect(t.id).toMatch(/^shard-\d+(\.r\d+)?$/);
        expect(t.deps).toEqual([]);
      }
    }
    expect(failures).toBeGreaterThan(0);
  });

  it('gives the Run view the episode’s critical steps as its realized path, and bounds below it', () => {
    for (const seed of seeds)
      for (const setting of [...SETTINGS, 'spawn/1/3/small/retry', 'spawn/8/1/medium/escalate']) {
        const { header, events, result } = episodeTrace(
          params,
          drawInstance(params, seed),
          fixedOrchestrator(parseSetting(setting)),
        );
        const fold = new RealizedFold(header.mainStepCost);
        for (const e of events) fold.push(e);
        const path = fold.path();
        const label = `seed ${seed}, ${setting}`;
        expect(path.unavailable, label).toBeUndefined();
        // Σ_t (S_main + max_i S_sub,i), link after link with no gap: the environment's own count.
        expect(path.length, label).toBe(Math.round(result.criticalSteps));
        expect(
          path.nodes.some((n) => n.kind === 'wait'),
          label,
        ).toBe(false);
        const stages = fold.stages();
        expect(stages.length, label).toBe(result.solo ? 1 : result.steps);
        for (const s of stages) expect(s.main, label).toBeGreaterThanOrEqual(header.mainStepCost);
        // The stage strip's sum (barrier join: the stages tile the run) is the same count.
        expect(
          stages.reduce((a, s) => a + s.main + s.maxSub, 0),
          label,
        ).toBe(path.length);
        // What the view calls bounds must be bounds.
        expect(realizedLowerBound(fold, header.mainStepCost), label).toBeLessThanOrEqual(path.length);
        const run = events[0];
        if (run?.type !== 'run.started') throw new Error('the first event is not run.started');
        const graph = graphOrThrow({ kind: 'graph', id: 'g', tasks: run.tasks });
        expect(lowerBound(graph, graph.n, header.mainStepCost), label).toBeLessThanOrEqual(path.length);
      }
  });

  it('is the same trace for the same instance and policy', () => {
    const instance = drawInstance(params, seeds[3] as number);
    const policy = fixedOrchestrator(parseSetting('spawn/2/3/medium/escalate'));
    expect(episodeTrace(params, instance, policy)).toEqual(episodeTrace(params, instance, policy));
  });
});
