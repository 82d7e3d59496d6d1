import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeTrace } from '../../src/core/trace/jsonl';
import { realizedPath } from '../../src/core/trace/realized-path';
import { MAX_IMAGE_BYTES } from '../../src/core/vision/image-limits';
import { runPicture } from '../../src/ui/dag/run-picture';
import { runCli } from '../support/cli';
import { startVisionServer, type VisionServer } from '../support/vision-model-server';

/**
 * Issue 62: `swarm analyze` shows a real (loopback) model the run's DAG drawn in Node, and every
 * bad input is refused with exit 2 before a single request reaches the server.
 */
const dir = mkdtempSync(join(tmpdir(), 'analyze-'));
const TRACE = join(dir, 'diamond.jsonl');
const KEY = 'sk-test-vision-0123456789';
let server: VisionServer;
let savedKey: string | undefined;

beforeAll(async () => {
  const made = await runCli([
    ...['schedule', '--graph', 'scenarios/graphs/diamond.json', '--workers', '2'],
    ...['--trace', TRACE],
  ]);
  expect(made.code).toBe(0);
  server = await startVisionServer((seen) => {
    const png = seen.images[0]?.png;
    return png
      ? `I see a ${png.width}x${png.height} graph; the bottleneck is search-a.`
      : 'I see no picture.';
  });
  savedKey = process.env.SWARM_API_KEY;
  process.env.SWARM_API_KEY = KEY;
});
afterAll(async () => {
  if (savedKey === undefined) delete process.env.SWARM_API_KEY;
  else process.env.SWARM_API_KEY = savedKey;
  await server.close();
});

const trace = () => {
  const d = decodeTrace(readFileSync(TRACE, 'utf8'));
  if (!d.ok) throw new Error('not a trace');
  return d;
};
const openai = () => ['--provider', 'openai', '--endpoint', server.url, '--model', 'llava-test'];

describe('swarm analyze against a model that sees', () => {
  it("sends the run's DAG as a PNG image part and prints the answer", async () => {
    const before = server.requests.length;
    const r = await runCli([
      ...['analyze', '--trace', TRACE, '--question', 'where is the bottleneck?'],
      ...openai(),
      '--vision',
      '--json',
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(server.requests.length).toBe(before + 1);
    const seen = server.requests.at(-1);
    expect(seen?.authorization).toBe(`Bearer ${KEY}`);
    expect(seen?.model).toBe('llava-test');
    expect(seen?.images).toHaveLength(1);
    const image = seen?.images[0];
    expect(image?.mediaType).toBe('image/png');
    // The PNG is the run's picture at twice its size: the drawing the page makes of this trace.
    const { header, events } = trace();
    const picture = runPicture(header, events);
    expect(image?.png?.width).toBe(picture.width * 2);
    expect(image?.png?.height).toBe(picture.height * 2);
    // It carries the critical path's red (#d1342f), as the page draws it.
    const data = image?.png?.data as Buffer;
    let red = 0;
    for (let i = 0; i < data.length; i += 4)
      if (
        Math.abs((data[i] as number) - 0xd1) < 12 &&
        Math.abs((data[i + 1] as number) - 0x34) < 12 &&
        Math.abs((data[i + 2] as number) - 0x2f) < 12
      )
        red++;
    expect(red).toBeGreaterThan(100);
    // The question and the run's summary went as text; the key did not go in the body.
    expect(seen?.texts.join('\n')).toContain('where is the bottleneck?');
    expect(seen?.texts.join('\n')).toContain('Realized critical path');
    expect(seen?.raw).not.toContain(KEY);
    const record = JSON.parse(r.stdout) as { answer: string; images: { label: string; bytes: number }[] };
    expect(record.answer).toBe(
      `I see a ${picture.width * 2}x${picture.height * 2} graph; the bottleneck is search-a.`,
    );
    expect(record.images).toEqual([{ label: 'dag.png', type: 'image/png', bytes: image?.bytes.length }]);
    expect(r.stdout).not.toContain(KEY);
  });

  it('draws every node of the run and marks exactly its realized critical path', () => {
    const { header, events } = trace();
    const picture = runPicture(header, events);
    for (const id of picture.nodes) expect(picture.svg).toContain(`data-task="${id}"`);
    const path = realizedPath(events, header.mainStepCost);
    const expected = [
      ...path.nodes.flatMap((n) =>
        n.kind === 'task' ? [n.task] : n.kind === 'main' ? [`main:${n.step}`] : [],
      ),
      'main:end',
    ];
    expect(new Set(picture.critical)).toEqual(new Set(expected));
    const marked = [...picture.svg.matchAll(/data-testid="dag-node-critical" data-task="([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(new Set(marked)).toEqual(new Set(expected));
    expect(picture.nodes.length).toBeGreaterThan(picture.critical.length);
  });

  it('prints a real answer without --json, naming what was shown', async () => {
    const r = await runCli(['analyze', '--trace', TRACE, '--question', 'why?', ...openai(), '--vision']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('the bottleneck is search-a');
    expect(r.stdout).toContain('dag.png image/png');
  });
});

describe('swarm analyze on the simulated model', () => {
  it('answers an image turn offline, the same words every time', async () => {
    const args = ['analyze', '--trace', TRACE, '--question', 'where is the bottleneck?', '--json'];
    const first = await runCli(args);
    const second = await runCli(args);
    expect(first.code).toBe(0);
    const a = JSON.parse(first.stdout) as { answer: string; at: string };
    const b = JSON.parse(second.stdout) as { answer: string; at: string };
    expect(a.answer).toBe(b.answer);
    expect(a.answer).toContain('search-a');
    expect(a.answer).toContain('12 steps');
  });
});

describe('swarm analyze refuses bad input before sending anything', () => {
  const tiny = new PNG({ width: 2, height: 2 });
  const png = PNG.sync.write(tiny);
  const notImage = join(dir, 'notes.png');
  writeFileSync(notImage, 'this is text named .png');
  const gif = join(dir, 'pic.png');
  writeFileSync(gif, Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'));
  const big = join(dir, 'big.png');
  writeFileSync(big, Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES)]));
  const ok = join(dir, 'ok.png');
  writeFileSync(ok, png);
  const notTrace = join(dir, 'not-a-trace.jsonl');
  writeFileSync(notTrace, '{"hello": 1}\n');

  const cases: [string, string[], RegExp][] = [
    ['a text file named .png', ['--image', notImage], /not a PNG or JPEG.*accepted: PNG or JPEG/],
    ['a GIF', ['--image', gif], /not a PNG or JPEG/],
    [
      'an image over the size limit',
      ['--image', big],
      /image.*4 MiB|over the 4\.0 MB limit|files of up to 4 MiB/,
    ],
    ['five images', ['--image', ok, '--image', ok, '--image', ok, '--image', ok, '--image', ok], /at most 4/],
    ['a model not stated to see', [], /cannot see images.*models that can/],
  ];
  for (const [what, extra, message] of cases)
    it(`refuses ${what}`, async () => {
      const before = server.requests.length;
      const vision = what.startsWith('a model') ? [] : ['--vision'];
      const r = await runCli([
        'analyze',
        '--trace',
        TRACE,
        '--question',
        'why?',
        ...openai(),
        ...vision,
        ...extra,
      ]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toContain(KEY);
      expect(server.requests.length).toBe(before);
    });

  it('refuses a file that is not a run’s trace, and one that does not exist', async () => {
    const before = server.requests.length;
    for (const file of [notTrace, join(dir, 'missing.jsonl')]) {
      const r = await runCli(['analyze', '--trace', file, '--question', 'why?', ...openai(), '--vision']);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/trace/);
    }
    expect(server.requests.length).toBe(before);
  });

  it('refuses --vision for the simulated model and an empty question', async () => {
    const a = await runCli(['analyze', '--trace', TRACE, '--question', 'why?', '--vision']);
    expect(a.code).toBe(2);
    const b = await runCli(['analyze', '--trace', TRACE, '--question', '   ']);
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/--question: the question is empty/);
  });
});
