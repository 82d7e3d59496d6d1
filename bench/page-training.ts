/**
 * Training as a user meets it in the page: the built app in Debian's Chromium, the Train view
 * training PARL for the CLI's default length (`defaultTrainConfig.episodes`, 20,000 episodes of
 * the scenario mix) while the page draws the live curves, --reps times in one sitting, alternating:
 *
 *   page, N rollout workers   the default: N = navigator.hardwareConcurrency (2 here)
 *   page, 1 rollout worker    the same page told it has one core (one thread plays, as before)
 *   CLI, default              `swarm train --scenario mix --policy parl --seed 1` (2 threads here)
 *   CLI, 1 thread             the same with --rollout-workers 1
 *   ceiling                   two `--rollout-workers 1` trainings at once, in two processes: the
 *                             work per second two independent threads get on this machine
 *
 * Prints seconds (page: click on Train → "done"), medians and all runs, each speed-up over its one
 * thread, and each against the ceiling (2 × one alone ÷ the pair's time). The checkpoints of the
 * CLI runs must be byte-identical, and are checked.
 *
 *   npx tsx bench/page-training.ts [--reps 3] [--episodes N]
 *
 * --episodes (default: the CLI's) is for trying the bench out; the figures are for the default.
 * Each training's time is printed as it ends, with the load average before and after it: the
 * machine is shared, so quote ratios from one sitting, and the load with them.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { build } from 'vite';
import { defaultTrainConfig } from '../src/core/learning/train-config';
import { freshProfile } from '../tests/e2e/support/fresh-profile';
import { serveStatic } from '../tests/e2e/support/static-server';

const { values } = parseArgs({
  options: {
    reps: { type: 'string', default: '3' },
    episodes: { type: 'string', default: String(defaultTrainConfig.episodes) },
  },
});
const reps = Number(values.reps);
const episodes = Number(values.episodes);
const t = (id: string) => `[data-testid="${id}"]`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
const run = promisify(execFile);

const dir = await mkdtemp(join(tmpdir(), 'swarmflight-bench-'));
await build({ logLevel: 'error', build: { outDir: join(dir, 'dist') } });
const server = await serveStatic(join(dir, 'dist'), '/app/');

/** Seconds from the click on Train to "done"; `cores` overrides what the page is told it has. */
async function page(cores?: number): Promise<number> {
  const profile = await freshProfile();
  try {
    if (cores !== undefined)
      await profile.page.addInitScript((n) => {
        Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n });
      }, cores);
    await profile.page.goto(`${server.url}#view=train&episodes=${episodes}`);
    await profile.page.selectOption(t('train-policy'), 'parl');
    const started = performance.now();
    await profile.page.click(t('train-button'));
    await profile.page.waitForFunction(
      (sel) => /^done/.test(document.querySelector(sel)?.textContent ?? ''),
      t('train-status'),
      { timeout: 900_000, polling: 100 },
    );
    return (performance.now() - started) / 1000;
  } finally {
    await profile.close();
  }
}

/** `swarm train` with every default but the output (and `extra`); seconds, wall clock. */
async function cli(out: string, extra: string[] = []): Promise<number> {
  const t0 = performance.now();
  await run(process.execPath, [
    '--import',
    'tsx',
    'src/cli/main.ts',
    'train',
    '--scenario',
    'mix',
    '--policy',
    'parl',
    '--seed',
    '1',
    '--episodes',
    String(episodes),
    '--out',
    join(dir, out),
    ...extra,
  ]);
  return (performance.now() - t0) / 1000;
}

const times: Record<string, number[]> = { pageN: [], page1: [], cliN: [], cli1: [], pair: [] };
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
/** Times `training` into `key`, printing its seconds with the load average around it. */
async function timed(key: string, rep: number, training: () => Promise<number>): Promise<void> {
  const before = load();
  const seconds = await training();
  times[key]?.push(seconds);
  console.log(`rep ${rep + 1} ${key}: ${seconds.toFixed(1)} s (load ${before} → ${load()})`);
}
try {
  for (let r = 0; r < reps; r++) {
    await timed('pageN', r, () => page());
    await timed('page1', r, () => page(1));
    await timed('cliN', r, () => cli('n.json'));
    await timed('cli1', r, () => cli('one.json', ['--rollout-workers', '1']));
    await timed('pair', r, async () => {
      const t0 = performance.now();
      await Promise.all([
        cli('a.json', ['--rollout-workers', '1']),
        cli('b.json', ['--rollout-workers', '1']),
      ]);
      return (performance.now() - t0) / 1000;
    });
    const [n, one] = await Promise.all([readFile(join(dir, 'n.json')), readFile(join(dir, 'one.json'))]);
    if (!n.equals(one)) throw new Error('the CLI checkpoints of 1 and N threads differ');
  }
  const m = Object.fromEntries(Object.entries(times).map(([k, xs]) => [k, median(xs)])) as Record<
    string,
    number
  >;
  const all = (xs: number[] | undefined) => (xs ?? []).map((x) => x.toFixed(1)).join(', ');
  const ceiling = (2 * (m.cli1 as number)) / (m.pair as number);
  console.log(
    `PARL, ${episodes} episodes of the scenario mix (CLI defaults otherwise), ${reps} runs each, alternating`,
  );
  console.log(
    `ceiling: two 1-thread CLI trainings at once ${m.pair?.toFixed(1)} s (${all(times.pair)}), one alone ${m.cli1?.toFixed(1)} s → ${ceiling.toFixed(2)}×`,
  );
  console.log(
    '| run | s, median (all) | speed-up over 1 thread | ÷ ceiling | target |\n|---|---:|---:|---:|---:|',
  );
  const row = (name: string, key: string, one: string) => {
    const s = (m[one] as number) / (m[key] as number);
    // A one-thread row is its own baseline: its ratio to the ceiling says nothing.
    const share = key === one ? '—' : `${((s / ceiling) * 100).toFixed(0)}%`;
    console.log(
      `| ${name} | ${m[key]?.toFixed(1)} (${all(times[key])}) | ${s.toFixed(2)}× | ${share} | ≤ 180 |`,
    );
  };
  row('page, rollout workers = cores', 'pageN', 'page1');
  row('page, 1 rollout worker', 'page1', 'page1');
  row('CLI, default', 'cliN', 'cli1');
  row('CLI, --rollout-workers 1', 'cli1', 'cli1');
} finally {
  await server.close();
  await rm(dir, { recursive: true, force: true });
}
