import { defineConfig } from 'vite';
import solid from 'vite-plugin-solid';

// A relative base lets dist/ be served from any sub-path of any static host.
export default defineConfig({
  base: './',
  plugins: [solid()],
  build: { target: 'es2022' },
});
