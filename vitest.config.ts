import { defineConfig } from 'vitest/config';

// No Solid plugin here: vite-plugin-solid would switch the environment to jsdom (STACK.md).
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/**/*.test.ts'],
  },
});
