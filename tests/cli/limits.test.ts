import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';

const dir = mkdtempSync(join(tmpdir(), 'swarm-limits-'));
const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};
const graph = (steps: number) => ({
  kind: 'graph',
  id: 'g',
  tasks: [
    { id: 'a', steps, deps: [] },
    { id: 'b', steps: 1, deps: ['a'] },
  ],
});
const small = file('small.json', graph(2));
const task = (name: string) =>
  JSON.parse(readFileSync(`scenarios/${name}.json`, 'utf8')) as Record<string, unknown>;
const component = (scenario: string) => ({
  scenario,
  weight: 1,
  sizes: [2, 3],
  maxCriticalSteps: 10,
  maxTotalSteps: 10,
});

/** Exit code 2, the message, nothing on stdout and no file written anywhere in the folder. */
async function refused(args: string[], message: RegExp): Promise<void> {
  const before = readdirSync(dir).sort();
  const r = await runCli(args);
  expect(r.stderr).toMatch(message);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  expect(readdirSync(dir).sort()).toEqual(before);
}

describe('numbers in range', () => {
  it.each([
    [1e308, '1e+308'],
    [4294967295, '4294967295'],
    [2147483648, '2147483648'],
  ])('refuses steps %s, naming the file, the task, the field and the range', async (steps, shown) => {
    const g = file(`steps-${shown}.json`, graph(steps));
    await refused(
      ['schedule', '--graph', g, '--workers', '2'],
      new RegExp(
        `steps-${shown.replace('+', '\\+')}\\.json: task "a" has steps ${shown.replace('+', '\\+')}; steps must be a whole number from 0 to 1000000`,
      ),
    );
  });

  it.each([
    [
      ['schedule', '--graph', small, '--workers', '2', '--main-step-cost', '1e308'],
      /--main-step-cost must be a whole number from 0 to 1000000, got "1e308"/,
    ],
    [
      ['schedule', '--graph', small, '--workers', '2', '--max-attempts', '1e9'],
      /--max-attempts must be a whole number from 1 to 100, got "1e9"/,
    ],
    [
      ['schedule', '--graph', small, '--workers', '4294967296'],
      /--workers must be a whole number from 1 to 100000/,
    ],
    [
      ['schedule', '--graph', small, '--workers', '2', '--seed', '4294967296'],
      /--seed must be a whole number from 0 to 2147483647/,
    ],
    [
      ['bench', '--scenario', small, '--policies', 'serial', '--seeds', '1e9'],
      /--seeds must be a whole number from 1 to 10000, got "1e9"/,
    ],
    [
      ['train', '--scenario', 'mix', '--episodes', '1e9'],
      /--episodes must be a whole number from 1 to 1000000, got "1e9"/,
    ],
    [
      ['chaos', '--scenario', 'wide-search', '--faults', 'none', '--seeds', '100000'],
      /--seeds must be a whole number from 1 to 10000/,
    ],
  ])('refuses %j', async (args, message) => {
    await refused(args as string[], message);
  });

  it('refuses a main step cost that would push step times past 32 bits', async () => {
    const g = file('big.json', {
      kind: 'graph',
      id: 'big',
      tasks: Array.from({ length: 2000 }, (_, i) => ({ id: `t${i}`, steps: 1, deps: [] })),
    });
    await refused(
      ['schedule', '--graph', g, '--workers', '2', '--main-step-cost', '1000000'],
      /big\.json \(2000 tasks, 2000 steps\) with --main-step-cost 1000000 and --max-attempts 3: a run could reach step time \d+, past 2147483647/,
    );
  });
});

describe('scenario settings checked when the file is read', () => {
  it('refuses timeoutMs 1e308, naming the file, the field and the range', async () => {
    const f = file('slow.json', { ...task('mixed-coding'), timeoutMs: 1e308 });
    await refused(
      ['bench', '--scenario', f, '--policies', 'serial', '--seeds', '1'],
      /slow\.json: timeoutMs: expected a whole number from 1 to 600000, got 1e\+308/,
    );
  });

  it('refuses mainStepCost 1e308 in a scenario file', async () => {
    const f = file('cost.json', { ...task('deep-search'), mainStepCost: 1e308 });
    await refused(
      ['bench', '--scenario', f, '--policies', 'serial', '--seeds', '1'],
      /cost\.json: mainStepCost: expected at most 1000000 \(a whole number from 0 to 1000000\), got 1e\+308/,
    );
  });

  it('refuses a profile that does not exist, naming the file and the field', async () => {
    const f = file('huge.json', { ...task('deep-search'), profile: 'huge' });
    await refused(
      ['bench', '--scenario', f, '--policies', 'serial', '--seeds', '1'],
      /huge\.json: profile: "huge" is not a profile of scenarios\/profiles\.json \(one of: small, medium, large\)/,
    );
  });
});

describe('mix files that reach themselves', () => {
  it('refuses a mix that lists itself', async () => {
    const self = join(dir, 'self.json');
    file('self.json', { kind: 'mix', id: 'self', components: [component(self)], curriculum: [] });
    await refused(
      ['bench', '--scenario', self, '--policies', 'serial', '--seeds', '1'],
      /self\.json: components\[0\]\.scenario: ".*self\.json" is this mix itself/,
    );
  });

  it('refuses a mix that lists itself through another mix', async () => {
    const a = join(dir, 'ma.json');
    const b = join(dir, 'mb.json');
    file('ma.json', { kind: 'mix', id: 'ma', components: [component(b)], curriculum: [] });
    file('mb.json', { kind: 'mix', id: 'mb', components: [component(a)], curriculum: [] });
    await refused(
      ['bench', '--scenario', a, '--policies', 'serial', '--seeds', '1'],
      /mb\.json: components\[0\]\.scenario: ".*ma\.json" is the mix .*ma\.json, which lists this one/,
    );
  });
});

describe('input files', () => {
  it('refuses a device, naming it', async () => {
    await refused(
      ['schedule', '--graph', '/dev/zero', '--workers', '2'],
      /\/dev\/zero: the graph file is not a regular file/,
    );
  });

  it('refuses a file over the size limit, naming the limit, without reading it', async () => {
    const huge = join(dir, 'huge-graph.json');
    writeFileSync(huge, '');
    truncateSync(huge, 65 * 1024 * 1024); // sparse: no 65 MB written
    await refused(
      ['schedule', '--graph', huge, '--workers', '2'],
      /huge-graph\.json: the graph file is 65 MiB; files of up to 64 MiB are read/,
    );
  });

  it('reports a 200,000-task cycle as a cycle, not a stack overflow (a real process)', () => {
    const n = 200_000;
    const tasks = Array.from({ length: n }, (_, i) => ({
      id: `t${i}`,
      steps: 1,
      deps: [`t${(i + n - 1) % n}`],
    }));
    const cycle = file('cycle.json', { kind: 'graph', id: 'cycle', tasks });
    const r = spawnSync('npx', ['tsx', 'src/cli/main.ts', 'schedule', '--graph', cycle, '--workers', '2'], {
      encoding: 'utf8',
    });
    expect(r.stderr).toMatch(/cycle\.json: cycle of 200000 tasks t0 → t1 → .* → … \(199980 more\) → t0/);
    expect(r.stderr).not.toMatch(/RangeError|Maximum call stack/);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
  }, 60_000);
});
