/**
 * Resolves in a later task of the event loop, once the messages and signals already queued have
 * been handled: what lets a long run of promise-only work (training) hear a stop while it runs.
 * A message on a fresh channel rather than setTimeout, which browsers hold back by at least 4 ms
 * once nested; MessageChannel is the same in browsers, workers and Node.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(undefined);
  });
}
