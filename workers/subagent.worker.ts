// A subagent of the worker pool: created, warmed and terminated by src/adapters/browser/worker-pool.ts.
// Mixed-coding's run_js goes through the portal the pool hands it to the page's sandbox frame.
import * as Comlink from 'comlink';
import { acceptSandboxPortal } from '../src/adapters/browser/sandbox-frame';
import { subagentHost } from '../src/adapters/browser/subagent-host';

acceptSandboxPortal(self);
Comlink.expose(subagentHost(), self);
