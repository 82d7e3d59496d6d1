/** The browser sandbox worker's bundled text (vite-plugins/sandbox-engine.ts). */
declare module 'virtual:sandbox-engine-worker' {
  const source: string;
  export default source;
}
