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

// No Solid plugin here: vite-plugin-solid would switch the environment to jsdom (docs/development.md).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/browser/**', 'tests/e2e/**'],
          setupFiles: ['tests/support/fc-setup.ts'],
          // A long property run (FC_NUM_RUNS) takes minutes a test. Otherwise 30 s: a guard against
          // a hang, not a speed check (benchmarks do that). Vitest's 5 s failed CLI tests that run
          // the real command when this 2-core machine was busy with a second suite.
          testTimeout: process.env.FC_NUM_RUNS ? 3_600_000 : 30_000,
        },
      },
      {
        plugins,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          browser,
        },
      },
      {
        // The built app (vite build, once, in globalSetup) served by a plain static server and
        // driven in real Chromium by playwright-core.
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
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
        },
      },
    ],
  },
});
