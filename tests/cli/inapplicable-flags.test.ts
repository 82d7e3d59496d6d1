/**
 * A flag that would be ignored is refused, naming why (issue 42): each case was accepted and
 * silently ignored before the commands' flags moved to tables. Refused before any work, exit 2.
 */

import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';

const cases: [string[], RegExp][] = [
  [['route', 'Compare three laptops', '--seed', '3'], /--seed does not apply: nothing is run without --run/],
  [
    ['route', '--eval', 'scenarios/router/requests.jsonl', '--run'],
    /--run does not apply: --eval scores requests files/,
  ],
  [
    ['kb', 'ingest', '--kb', '/tmp/none.kb.json', '--paths', 'docs/api.md', '--top-k', '3'],
    /--top-k does not apply: it is for kb search, not kb ingest/,
  ],
  [
    [
      'export-trace',
      '--trace',
      'tests/fixtures/traces/orchestration-episode-3.jsonl',
      '--format',
      'chrome',
      '--out',
      '/tmp/x.json',
      '--start',
      '2026-01-01T00:00:00Z',
    ],
    /--start does not apply/,
  ],
  [
    ['experiment', 'serial-collapse', '--train-seeds', '1,2'],
    /--train-seeds does not apply: it is a flag of experiment aux-rewards/,
  ],
  [['run', '--scenario', 'wide-search', '--healing', 'maybe'], /--healing must be one of on, detect, off/],
];

describe('flags that do not apply are refused, not ignored', () => {
  for (const [args, message] of cases) {
    it(`swarm ${args.join(' ')}`, async () => {
      const r = await runCli(args);
      expect(r.code, r.stdout).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe('');
    });
  }
});
