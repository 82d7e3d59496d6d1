import { readFileSync } from 'node:fs';
import { expose, proxy, wrap } from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { type TrainHostOptions, trainHost } from '../../src/adapters/browser/train-host';
import { nodeSandbox } from '../../src/adapters/node/node-sandbox';
import type { TrainApi, TrainRequest } from '../../src/adapters/wire/train-protocol';
import { loadPolicy, type PolicyCheckpoint } from '../../src/core/learning/checkpoint';
import { parseMix } from '../../src/core/learning/mix';
import { type CurvePoint, defaultTrainConfig, type TrainConfig } from '../../src/core/learning/train';
import { profileHash } from '../../src/core/scenarios/profiles';
import { loadProfiles, loadSpec } from '../support/scenarios';

// The host and a page joined by a MessageChannel, with Comlink on both ends as in the browser:
// every request, callback and result crosses by structured clone. Real Workers are
// tests/browser/train-worker.test.ts.

const parsed = parseMix(readFileSync('scenarios/mix.json', 'utf8'), 'scenarios/mix.json');
if (!parsed.ok) throw new Error(parsed.error);
const mix = parsed.spec;
const profiles = loadProfiles();
const specs = {
  'wide-search': loadSpec('wide-search', 'wide-search'),
  'deep-search': loadSpec('deep-search', 'deep-search'),
  'mixed-coding': loadSpec('mixed-coding', 'mixed-coding'),
  'write-story': loadSpec('write-story', 'write-story'),
  'rag-qa': loadSpec('rag-qa', 'rag-qa'),
};

const config = (over: Partial<TrainConfig> = {}): TrainConfig => ({
  ...defaultTrainConfig,
  episodes: 40,
  batch: 8,
  window: 10,
  lambdaParallel: { kind: 'linear', from: 0.1, to: 0, over: 40 },
  lambdaFinish: { kind: 'linear', from: 0.3, to: 0, over: 40 },
  ...over,
});
const request = (over: Partial<TrainRequest> = {}): TrainRequest => ({
  config: config(),
  mix,
  specs,
  profiles,
  ...over,
});

async function hashes(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [name, p] of Object.entries(profiles)) out[name] = await profileHash(p);
  return out;
}

const open: MessagePort[] = [];
afterEach(() => {
  for (const port of open.splice(0)) port.close();
});

function connect(options: TrainHostOptions = {}) {
  const { port1, port2 } = new MessageChannel();
  open.push(port1, port2);
  expose(trainHost({ sandbox: nodeSandbox, ...options }), port2);
  return wrap<TrainApi>(port1);
}

/** The page's callbacks, recording what arrives; `onCheckpoint` may act on it too. */
function recorder(onCheckpoint?: (c: PolicyCheckpoint) => void) {
  const seen = {
    progress: [] as [done: number, total: number, episode: number][],
    curves: [] as CurvePoint[],
    checkpoints: [] as PolicyCheckpoint[],
  };
  const events = proxy({
    onProgress: (done: number, total: number, stats: { episode: number }) => {
      seen.progress.push([done, total, stats.episode]);
    },
    onCurve: (point: CurvePoint) => {
      seen.curves.push(point);
    },
    onCheckpoint: (c: PolicyCheckpoint) => {
      seen.checkpoints.push(c);
      onCheckpoint?.(c);
    },
  });
  return { seen, events };
}

describe('the training host, over a MessageChannel', () => {
  it('trains on the mix, sending progress, curves and checkpoints that load', async () => {
    const remote = connect();
    const { seen, events } = recorder();
    const summary = await remote.start(request(), events);

    expect(summary).toMatchObject({ episodes: 40, completedEpisodes: 40, stopped: false });
    expect(summary.seconds).toBeGreaterThan(0);
    // Progress: in order, about the episode just done, the last one always sent.
    expect(seen.progress.length).toBeGreaterThan(0);
    expect(seen.progress.at(-1)).toEqual([40, 40, 39]);
    for (const [done, total, episode] of seen.progress) expect([total, episode]).toEqual([40, done - 1]);
    expect(seen.progress.map(([d]) => d)).toEqual(
      [...new Set(seen.progress.map(([d]) => d))].sort((a, b) => a - b),
    );
    expect(seen.curves.map((p) => p.episodes)).toEqual([10, 20, 30, 40]);
    expect(summary.curves).toEqual(seen.curves);
    // A checkpoint per batch of 8, and the final one.
    expect(seen.checkpoints.map((c) => c.training.completedEpisodes)).toEqual([8, 16, 24, 32, 40, 40]);
    expect(seen.checkpoints.at(-1)).toEqual(summary.checkpoint);
    const loaded = loadPolicy(summary.checkpoint, await hashes());
    expect(loaded.kind).toBe('parl');
  }, 120_000);

  it('sends at most one progress message per interval, plus the last', async () => {
    // A clock that never moves: only the first episode's progress goes on time; the rest wait
    // for a curve or checkpoint to flush the latest, and the last episode's is never dropped.
    const remote = connect({ now: () => 0 });
    const { seen, events } = recorder();
    await remote.start(request({ config: config({ episodes: 20 }) }), events);
    expect(seen.progress.map(([d]) => d)).toEqual([1, 8, 10, 16, 20]);
  }, 120_000);

  it('stops part-way with a checkpoint of fewer episodes, and resumes from it to the end', async () => {
    const remote = connect();
    const { seen, events } = recorder((c) => {
      if (c.training.completedEpisodes === 16) void remote.stop();
    });
    const stopped = await remote.start(request(), events);
    expect(stopped.stopped).toBe(true);
    const k = stopped.completedEpisodes;
    expect(k).toBeGreaterThanOrEqual(16);
    expect(k).toBeLessThan(40);
    expect(stopped.checkpoint.training.completedEpisodes).toBe(k);
    expect(seen.checkpoints.at(-1)).toEqual(stopped.checkpoint);
    expect(seen.progress.at(-1)?.[0]).toBe(k);

    const again = recorder();
    const resumed = await remote.start(request({ resume: stopped.checkpoint }), again.events);
    expect(resumed).toMatchObject({ completedEpisodes: 40, stopped: false });
    expect(again.seen.progress[0]?.[0]).toBe(k + 1);
    expect(again.seen.progress.at(-1)).toEqual([40, 40, 39]);
    expect(again.seen.curves.map((p) => p.episodes).every((e) => e > k)).toBe(true);
    expect(again.seen.curves.at(-1)?.episodes).toBe(40);
    expect(loadPolicy(resumed.checkpoint, await hashes()).checkpoint.training.completedEpisodes).toBe(40);
  }, 120_000);

  it('refuses, with readable errors, a second training at once and a resume of the wrong kind', async () => {
    const remote = connect();
    const first = remote.start(request(), recorder().events);
    await expect(remote.start(request(), recorder().events)).rejects.toThrow(
      'a training is already running in this worker: stop it first',
    );
    await remote.stop();
    const { checkpoint } = await first;
    await expect(
      remote.start(request({ config: config({ policy: 'bandit' }), resume: checkpoint }), recorder().events),
    ).rejects.toThrow(
      'cannot resume bandit training: the checkpoint is a parl policy; resume from a bandit checkpoint',
    );
    // The host is free again after a refusal.
    const bandit = await remote.start(
      request({ config: config({ policy: 'bandit', episodes: 4 }) }),
      recorder().events,
    );
    expect(bandit.checkpoint.kind).toBe('bandit');
  }, 120_000);
});
