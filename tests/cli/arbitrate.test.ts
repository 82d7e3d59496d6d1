import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { startModelServer } from '../support/loopback-model-server';

const dir = mkdtempSync(join(tmpdir(), 'arbitrate-'));
// A request the default router (rules and the shipped examples) is unsure of.
const unsure = 'Make a podcast episode outline about jazz';

describe('active learning in the CLI: route --queue, arbitrate, train-router --arbitrated', () => {
  it('queues an unsure request once, takes the user’s label, and the retrained router follows it', async () => {
    const queue = join(dir, 'queue.json');
    const first = await runCli(['route', unsure, '--queue', queue, '--json']);
    expect(first.code, first.stderr).toBe(0);
    const routed = JSON.parse(first.stdout);
    expect(routed.workflow).toBe('write-story');
    expect(routed.confidence).toBeLessThan(0.6);
    expect(routed.arbitration).toMatchObject({ queued: true, reason: 'unsure' });
    const again = JSON.parse((await runCli(['route', unsure, '--queue', queue, '--json'])).stdout);
    expect(again.arbitration).toMatchObject({ queued: false, reason: 'already queued' });
    const sure = JSON.parse(
      (await runCli(['route', 'Explain photosynthesis to a 10-year-old', '--queue', queue, '--json'])).stdout,
    );
    expect(sure.arbitration).toMatchObject({ queued: false, reason: 'confident' });

    const listed = JSON.parse((await runCli(['arbitrate', '--queue', queue, '--json'])).stdout);
    expect(listed).toMatchObject({ items: 1, pending: 1 });
    const id = listed.pendingItems[0].id as string;

    // A label that is no choice changes nothing.
    const before = readFileSync(queue, 'utf8');
    const bad = await runCli(['arbitrate', '--queue', queue, '--label', `${id}=peers/poetry`]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/"peers\/poetry" is not a choice/);
    expect(readFileSync(queue, 'utf8')).toBe(before);

    const labelled = await runCli([
      'arbitrate',
      '--queue',
      queue,
      '--label',
      `${id}=single/general`,
      '--json',
    ]);
    expect(JSON.parse(labelled.stdout)).toMatchObject({ pending: 0, labelled: 1 });

    const router = join(dir, 'router.json');
    const trained = await runCli(['train-router', '--arbitrated', queue, '--out', router, '--json']);
    expect(trained.code, trained.stderr).toBe(0);
    const after = JSON.parse((await runCli(['route', unsure, '--router', router, '--json'])).stdout);
    expect(`${after.topology}/${after.workflow}`).toBe('single/general');
  });

  it('has the simulated large profile label every pending request, counted as a model', async () => {
    const queue = join(dir, 'model-queue.json');
    for (const q of ['Organise a weekend hiking trip', 'hmm whatever zork']) {
      await runCli(['route', q, '--queue', queue]);
    }
    const result = JSON.parse((await runCli(['arbitrate', '--queue', queue, '--by-model', '--json'])).stdout);
    expect(result).toMatchObject({ items: 2, pending: 0 });
    expect(result.newlyLabelled.map((l: { by: string }) => l.by)).toEqual([
      'model:sim-large',
      'model:sim-large',
    ]);
  });

  it("reports a model endpoint's refusal in its own words, without a stack trace", async () => {
    const queue = join(dir, 'refused-queue.json');
    await runCli(['route', 'hmm whatever zork', '--queue', queue]);
    const server = await startModelServer(() => ({ json: { error: { message: 'bad key' } }, status: 401 }));
    try {
      const r = await runCli([
        'arbitrate',
        '--queue',
        queue,
        '--by-model',
        '--endpoint',
        server.url,
        '--model',
        'm',
      ]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^swarm arbitrate: error: .*refused the API key/);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    } finally {
      await server.close();
    }
  });

  it('turns the labelled requests into SFT plan rows, with the card saying so', async () => {
    const queue = join(dir, 'dataset-queue.json');
    await runCli(['route', unsure, '--queue', queue]);
    const listed = JSON.parse((await runCli(['arbitrate', '--queue', queue, '--json'])).stdout);
    const id = listed.pendingItems[0].id as string;
    await runCli(['arbitrate', '--queue', queue, '--label', `${id}=peers/general`]);
    const out = join(dir, 'arbitrated.jsonl');
    const r = await runCli([
      'export-dataset',
      '--arbitrated',
      queue,
      '--format',
      'sft',
      '--val-fraction',
      '0',
      '--out',
      out,
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).arbitrated).toEqual({ rows: 1, superseded: 0 });
    const [row] = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(row.messages[1]).toEqual({ role: 'user', content: unsure });
    expect(JSON.parse(row.messages[2].content)).toMatchObject({
      topology: 'peers',
      manager_role: null,
    });
    expect(readFileSync(out.replace(/\.jsonl$/, '.md'), 'utf8')).toMatch(
      /1 plan row from arbitrated requests/,
    );
    const dpo = await runCli(['export-dataset', '--arbitrated', queue, '--format', 'dpo', '--out', out]);
    expect(dpo.stderr).toMatch(/--arbitrated is for --format sft/);
  });

  it('refuses a queue file that is not one, and training on a queue with no label', async () => {
    const notQueue = join(dir, 'not.json');
    writeFileSync(notQueue, '{"items": []}');
    const r = await runCli(['arbitrate', '--queue', notQueue]);
    expect(r.stderr).toMatch(/not an arbitration queue/);
    const empty = join(dir, 'empty.json');
    writeFileSync(empty, '{"schema": "swarmflight.arbitration/1", "items": []}');
    const t = await runCli(['train-router', '--arbitrated', empty, '--out', join(dir, 'x.json')]);
    expect(t.stderr).toMatch(/no labelled request in the queue yet/);
  });
});
