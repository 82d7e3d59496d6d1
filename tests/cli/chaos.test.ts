import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';

const all = 'hang,loop,crash,malformed,inject,slow';
const quick = ['--unresponsive-ms', '1000', '--hang-ms', '2000', '--json'];

async function chaos(args: string[]) {
  const r = await runCli(['chaos', ...args]);
  if (r.code !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

describe('swarm chaos', () => {
  it('finds every fault kind in a wide search, heals it, and loses no task', async () => {
    const healed = await chaos(['--scenario', 'wide-search', '--faults', all, '--seeds', '2', ...quick]);
    expect(healed.faultsInjected).toBe(12);
    expect(healed.recall).toBe(1);
    expect(healed.falsePositives).toBe(0);
    expect(healed.tasksLost).toBe(0);
    expect(healed.byFault).toMatchObject({
      hang: { detected: 2, as: ['unresponsive'] },
      loop: { detected: 2, as: ['loop'] },
      crash: { detected: 2, as: ['crash'] },
      malformed: { detected: 2, as: ['error-burst'] },
      inject: { detected: 2, as: ['capability-violation'] },
      slow: { detected: 2, as: ['slow'] },
    });
    expect(healed.mttrSteps).toBeGreaterThan(0);
    // Every detection and every action is in the run's trace, on the faulty attempt.
    for (const run of healed.runs) {
      for (const f of run.faults) expect(f.recoveredSteps).not.toBeNull();
    }
  }, 60_000);

  it('with healing off only watches: looping and taken-over agents keep going and tasks are lost', async () => {
    const watched = await chaos([
      '--scenario',
      'wide-search',
      '--faults',
      'loop,inject',
      '--seeds',
      '2',
      '--healing',
      'off',
      ...quick,
    ]);
    expect(watched.recall).toBe(1);
    expect(watched.tasksLost).toBeGreaterThan(0);
    const healed = await chaos([
      '--scenario',
      'wide-search',
      '--faults',
      'loop,inject',
      '--seeds',
      '2',
      ...quick,
    ]);
    expect(healed.tasksLost).toBe(0);
    expect(healed.criticalSteps).toBeLessThan(watched.criticalSteps);
    expect(healed.quality).toBeGreaterThanOrEqual(watched.quality);
  }, 60_000);

  it('flags no healthy agent when nothing is injected', async () => {
    const clean = await chaos(['--scenario', 'mixed-coding', '--faults', 'none', '--seeds', '3', ...quick]);
    expect(clean).toMatchObject({ faultsInjected: 0, falsePositives: 0, falsePositiveRate: 0, tasksLost: 0 });
  }, 60_000);

  it('names a fault that does not exist, and a graph scenario, and runs nothing', async () => {
    const bad = await runCli(['chaos', '--scenario', 'wide-search', '--faults', 'loop,meteor']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /"meteor" is not a fault; the faults are hang, loop, crash, malformed, inject, slow/,
    );
    const graph = await runCli(['chaos', '--scenario', 'diamond', '--faults', 'loop']);
    expect(graph.stderr).toMatch(/diamond is a graph; chaos runs one task scenario's agents/);
    const mix = await runCli(['chaos', '--scenario', 'mix', '--faults', 'loop']);
    expect(mix.stderr).toMatch(/mix is a mix of scenarios/);
    // Its knowledge file is written after the runs: a folder that is not there is said first.
    const nowhere = await runCli([
      'chaos',
      '--scenario',
      'wide-search',
      '--faults',
      'none',
      '--knowledge',
      '/nonexistent-dir/k.json',
    ]);
    expect(nowhere.code).toBe(2);
    expect(nowhere.stderr).toMatch(
      /--knowledge \/nonexistent-dir\/k\.json: the folder \/nonexistent-dir does not exist/,
    );
    const extra = await runCli(['experiment', 'serial-collapse', 'extra']);
    expect(extra.code).toBe(2);
    expect(extra.stderr).toMatch(/"extra" is not a flag it takes/);
  });
});

describe('swarm chaos --knowledge', () => {
  it('learns the baseline from healthy runs, then alerts on a run past 1.5× of it', async () => {
    const { mkdtempSync, readFileSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const file = join(mkdtempSync(join(tmpdir(), 'knowledge-')), 'knowledge.json');
    const clean = await chaos([
      '--scenario',
      'wide-search',
      '--faults',
      'none',
      '--seeds',
      '4',
      '--knowledge',
      file,
      ...quick,
    ]);
    expect(clean.alerts).toBe(0);
    const known = JSON.parse(readFileSync(file, 'utf8'));
    expect(known.baselines['wide-search:60']).toHaveLength(4);
    // Looping agents left alone run to their step limit: far past the baseline, and alerted.
    const looping = await chaos([
      '--scenario',
      'wide-search',
      '--faults',
      'loop',
      '--seeds',
      '2',
      '--healing',
      'off',
      '--knowledge',
      file,
      ...quick,
    ]);
    expect(looping.alerts).toBe(2);
    // An unhealthy run teaches nothing.
    expect(JSON.parse(readFileSync(file, 'utf8')).baselines['wide-search:60']).toHaveLength(4);
    writeFileSync(file, '{"schema": "swarmflight.knowledge/1", "baselines": {"x": [-1]}}');
    const bad = await runCli(['chaos', '--scenario', 'wide-search', '--faults', 'none', '--knowledge', file]);
    expect(bad.stderr).toMatch(/--knowledge .*baselines\.x\.0/);
  }, 60_000);
});
