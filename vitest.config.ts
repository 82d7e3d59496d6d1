import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

// Debian's chromium (`apt-get install chromium`), not a Playwright download: /usr/bin/chromium is a
// wrapper script, this is the binary (STACK.md). A missing binary fails the browser project.
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

// No Solid plugin here: vite-plugin-solid would switch the environment to jsdom (STACK.md).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/browser/**'],
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          browser: {
            enabled: true,
            provider: playwright({ launchOptions: { executablePath, args } }),
            headless: true,
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
