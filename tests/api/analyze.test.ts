/**
 * Issue 62, item 3: `analyze(id, {question, image?})` in the Node API (the library's own instance,
 * src/api/node.ts, with resvg drawing the default picture), on a run the API made itself.
 */
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze, create, wait } from '../../src/api/node';
import { refusal } from '../support/api-refusal';
import { startVisionServer, type VisionServer } from '../support/vision-model-server';

let server: VisionServer;
let id: string;
const KEY = 'sk-api-vision-abcdef123456';
let savedKey: string | undefined;

beforeAll(async () => {
  server = await startVisionServer((seen) => `seen ${seen.images.length} image(s)`);
  savedKey = process.env.SWARM_API_KEY;
  process.env.SWARM_API_KEY = KEY;
  id = await create({ scenario: 'wide-search', seed: 3, size: 12 });
  const status = await wait(id);
  expect(status.state).toBe('done');
});
afterAll(async () => {
  if (savedKey === undefined) delete process.env.SWARM_API_KEY;
  else process.env.SWARM_API_KEY = savedKey;
  await server.close();
});

describe('analyze in the Node API', () => {
  it("answers on the simulated model from the run's own numbers, with its DAG as the picture", async () => {
    const a = await analyze(id, { question: 'why did the swarm not beat the single agent?' });
    const b = await analyze(id, { question: 'why did the swarm not beat the single agent?' });
    expect(a.answer).toBe(b.answer);
    expect(a.answer).toMatch(/red path runs through/);
    expect(a.provider).toBe('simulated');
    expect(a.images).toHaveLength(1);
    expect(a.images[0]?.label).toBe('dag.png');
    expect(a.images[0]?.type).toBe('image/png');
    expect(a.summary).toMatch(/Realized critical path/);
    expect(Number.isNaN(Date.parse(a.at))).toBe(false);
  });

  it('sends the DAG to an OpenAI-compatible model stated to see, and keeps the key out of the record', async () => {
    const before = server.requests.length;
    const a = await analyze(id, {
      question: 'where is the bottleneck?',
      provider: { kind: 'openai', endpoint: server.url, model: 'llava-test', vision: true },
    });
    expect(server.requests.length).toBe(before + 1);
    const seen = server.requests.at(-1);
    expect(seen?.images[0]?.png?.width).toBeGreaterThan(100);
    expect(seen?.authorization).toBe(`Bearer ${KEY}`);
    expect(a.answer).toBe('seen 1 image(s)');
    expect(JSON.stringify(a)).not.toContain(KEY);
  });

  it('takes the caller’s own PNG instead of the DAG', async () => {
    const png = PNG.sync.write(new PNG({ width: 3, height: 5 }));
    const before = server.requests.length;
    await analyze(id, {
      question: 'what is this?',
      image: new Uint8Array(png),
      provider: { kind: 'openai', endpoint: server.url, model: 'llava-test', vision: true },
    });
    const seen = server.requests.at(-1);
    expect(server.requests.length).toBe(before + 1);
    expect([seen?.images[0]?.png?.width, seen?.images[0]?.png?.height]).toEqual([3, 5]);
  });

  it('refuses, naming the field, and sends nothing', async () => {
    const before = server.requests.length;
    const openai = { kind: 'openai', endpoint: server.url, model: 'text-only' };
    const blind = await refusal(() => analyze(id, { question: 'why?', provider: openai }));
    expect([blind.code, blind.field]).toEqual(['invalid-analysis', 'provider']);
    expect(blind.message).toMatch(/cannot see images.*models that can/);
    const gif = await refusal(() =>
      analyze(id, {
        question: 'why?',
        image: new TextEncoder().encode('GIF89a'),
        provider: { ...openai, vision: true },
      }),
    );
    expect([gif.field, gif.message]).toEqual(['image', expect.stringMatching(/not a PNG or JPEG/)]);
    const unknown = await refusal(() => analyze('swarm-999', { question: 'why?' }));
    expect(unknown.code).toBe('unknown-swarm');
    const noRun = await refusal(() => analyze(id, { question: 'why?', run: 5 }));
    expect([noRun.code, noRun.field]).toEqual(['invalid-analysis', 'run']);
    const empty = await refusal(() => analyze(id, { question: '' }));
    expect(empty.field).toBe('question');
    expect(server.requests.length).toBe(before);
  });
});
