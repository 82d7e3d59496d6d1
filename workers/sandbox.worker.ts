// The `run_js` sandbox's worker: one run per worker, created and terminated by src/adapters/worker-sandbox.ts.
import { serveSandbox } from '../src/adapters/sandbox-worker';

serveSandbox(self);
