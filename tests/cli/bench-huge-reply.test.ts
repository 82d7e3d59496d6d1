import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_REPLY_BYTES } from '../../src/adapters/common/reply-size';
import { decodeTrace } from '../../src/core/trace/jsonl';
import { runCli } from '../support/cli';
import { type HugeServer, type HugeShape, startHugeReplyServer } from '../support/huge-reply-server';

/**
 * Issue 57, item 2: a model that answered with a 64 MB reply took `swarm bench` to 665 MB and
 * wrote a 67 MB trace. Now each reply is cut off at 4 MiB (MAX_REPLY_BYTES), the attempt fails
 * with the limit named in its trace, the bench ends with its report, and the whole trace is
 * smaller than one reply's limit.
 */

const MB64 = 64 * 1024 * 1024;
let server: HugeServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('swarm bench against a model whose every reply is 64 MB', () => {
  it.each<HugeShape>(['sse', 'json'])(
    'fails each attempt naming the limit (%s), closes each reply early and keeps the trace small',
    async (shape) => {
      server = await startHugeReplyServer({ bytes: MB64, shape });
      const dir = mkdtempSync(join(tmpdir(), 'bench-huge-'));
      const { code, stdout, stderr } = await runCli([
        'bench',
        ...['--scenario', 'wide-search', '--policies', 'serial', '--seeds', '1', '--size', '10'],
        ...['--provider', 'openai', '--endpoint', server.url, '--model', 'huge-model'],
        ...['--trace-dir', dir, '--json'],
      ]);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(JSON.parse(stdout)).toBeTypeOf('object');

      const [file] = readdirSync(dir);
      const path = join(dir, file as string);
      const trace = decodeTrace(readFileSync(path, 'utf8'));
      if (!trace.ok) throw new Error('the trace did not decode');
      const failed = trace.events.filter((e) => e.type === 'task.failed');
      expect(failed.length).toBeGreaterThan(0);
      for (const e of failed) {
        expect(e.error).toContain("The model's reply passed 4 MiB, the limit per reply, and was cut off");
      }
      // Every reply was cut off: the server wrote far less than 64 MB of any of them.
      expect(server.replies.length).toBe(failed.length);
      for (const reply of server.replies) {
        expect(reply.finished).toBe(false);
        expect(reply.written).toBeLessThan(MB64 / 4);
      }
      // Before the bound this trace held every reply whole (67 MB for one).
      expect(statSync(path).size).toBeLessThan(MAX_REPLY_BYTES);
    },
    120_000,
  );
});
