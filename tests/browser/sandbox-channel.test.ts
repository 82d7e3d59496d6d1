import { serveSandbox } from '../../src/adapters/sandbox-worker';
import { type SandboxWorker, workerSandbox } from '../../src/adapters/worker-sandbox';
import { sandboxContract } from '../support/sandbox-contract';

/**
 * The worker's handler and the page's client, joined by a MessageChannel instead of a Worker: the
 * wiring and the structured-clone round trip without the worker boundary. In-thread, the
 * code shares the page's globals and a runaway loop would hang the page, so those checks are skipped.
 */
function channelWorker(): SandboxWorker {
  const { port1, port2 } = new MessageChannel();
  serveSandbox(port2);
  port1.start();
  return {
    postMessage: (request) => port1.postMessage(request),
    addEventListener: (type, listener) => port1.addEventListener(type, listener),
    terminate: () => {
      port1.close();
      port2.close();
    },
  };
}

sandboxContract('handler over a MessageChannel', () => workerSandbox({ createWorker: channelWorker }), {
  hidden: [],
  isolated: false,
});
