import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { sandboxEngine } from './vite-plugins/sandbox-engine.ts';

// Debian's chromium (`apt-get install chromium`), not a Playwright download: /usr/bin/chromium is a
// wrapper script, this is the binary (docs/development.md). A missing binary fails the browser project.
const executablePath = process.env.CHROMIUM_PATH || '/usr/lib/chromium/chromium';

// Without the background-networking flags Chromium keeps dialling out on a closed network.
const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// The browser sandbox's worker text (virtual:sandbox-engine-worker) is made by a plugin, which the
// projects that run in the browser each name: an inline project does not inherit the root's.
const plugins = [sandboxEngine()];

const browser = {
  enabled: true,
  provider: playwright({ launchOptions: { executablePath, args } }),
  headless: true,
  instances: [{ browser: 'chromium' as const }],
};

// Tests that start other processes (the built CLI, tsc, dependency-cruiser, the library build) or
// hold a real-time deadline (a sandbox killed 500 ms past its limit, a reply's deadline, a stream
// that never ends): each takes a core or a clock to itself, so they run one at a time, after the
// unit tests and apart from them. tests/architecture/test-projects.test.ts keeps this list true.
export const PROCESS_TESTS = [
  'tests/adapters/checkpoint-file.test.ts',
  'tests/adapters/node-sandbox-deadline.test.ts',
  'tests/adapters/reply-deadline.test.ts',
  'tests/adapters/thread-pool.test.ts',
  'tests/api/library.test.ts',
  'tests/api/library-sandbox.test.ts',
  'tests/api/reply-deadline.test.ts',
  'tests/api/trained-policy.test.ts',
  'tests/architecture/layer-check.test.ts',
  'tests/cli/bench-endless-stream.test.ts',
  'tests/cli/bench-native-call.test.ts',
  'tests/cli/bench-sandbox-escape.test.ts',
  'tests/cli/limits.test.ts',
  'tests/cli/main.test.ts',
  'tests/cli/schedule.test.ts',
  'tests/core/healing/turn-timing.test.ts',
];

// End-to-end files that time what the page does while a run plays (tests/e2e): run alone.
export const E2E_ALONE = [
  'tests/e2e/live-counters.test.ts',
  'tests/e2e/numbers-agree.test.ts',
  'tests/e2e/run-view-speedup.test.ts',
];

// The unit tests are pure and in-process, so two workers share this 2-core machine's cores; the
// other projects run after them, one group at a time (sequence.groupOrder), so the tests that
// spawn, hold locks or drive Chromium never compete with a unit test for a core.
const UNIT_WORKERS = 2;

// No Solid plugin here: vite-plugin-solid would switch the environment to jsdom (docs/development.md).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/browser/**', 'tests/e2e/**', 'tests/scale-out/**', ...PROCESS_TESTS],
          setupFiles: ['tests/support/fc-setup.ts'],
          maxWorkers: UNIT_WORKERS,
          isolate: false,
          sequence: { groupOrder: 0 },
          // A long property run (FC_NUM_RUNS) takes minutes a test. Otherwise 30 s: a guard against
          // a hang, not a speed check (benchmarks do that). Vitest's 5 s failed CLI tests that run
          // the real command when this 2-core machine was busy with a second suite.
          testTimeout: process.env.FC_NUM_RUNS ? 3_600_000 : 30_000,
        },
      },
      {
        test: {
          name: 'process',
          environment: 'node',
          include: PROCESS_TESTS,
          setupFiles: ['tests/support/fc-setup.ts'],
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
        },
      },
      {
        // Sweeps on BullMQ: each file starts its own redis-server (its own port) and worker
        // processes, so two files run at once: their time is mostly waiting on locks, delays and
        // processes. Their stalled-job checks run on one-second locks, which a busy core makes
        // late; every assertion holds when a lock is lost and a job runs again (the whole suite
        // passed at load 20, CI at 3972fa8 with two helper sessions beside it).
        test: {
          name: 'scale-out',
          environment: 'node',
          include: ['tests/scale-out/**/*.test.ts'],
          setupFiles: ['tests/support/fc-setup.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
          testTimeout: 60_000,
        },
      },
      {
        plugins,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          browser,
          maxWorkers: 1,
          sequence: { groupOrder: 3 },
        },
      },
      {
        // The built app (vite build, once, in globalSetup) served by a plain static server and
        // driven in real Chromium by playwright-core. Each file has its own browser profile and
        // its servers on ports of their own, so two files run at once: the suite's minutes are
        // mostly waiting on pages, and a second file fills them (docs/development.md).
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: E2E_ALONE,
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
          sequence: { groupOrder: 4 },
        },
      },
      {
        // The e2e files whose assertion a busy machine could break (a count of redraws before an
        // attempt's end, a run's length within 20% of its estimate, a ratio of wall clocks): one
        // at a time, after the others, so no second browser takes the cores they are timing. A
        // file that only waits longer on a busy machine (a watched run still going after 2 s,
        // a worker killed mid-run, a replay's scrubber moving) runs with the others.
        test: {
          name: 'e2e-alone',
          environment: 'node',
          include: E2E_ALONE,
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          maxWorkers: 1,
          sequence: { groupOrder: 5 },
        },
      },
      {
        // Benchmarks that need a browser (`npm run bench:browser`); they print figures, they are
        // not part of `npm test`.
        plugins,
        test: {
          name: 'bench-browser',
          include: ['bench/browser/**/*.bench.test.ts'],
          testTimeout: 120_000,
          browser,
          maxWorkers: 1,
          sequence: { groupOrder: 6 },
        },
      },
    ],
  },
});
