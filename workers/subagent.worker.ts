// A subagent of the worker pool: created, warmed and terminated by src/adapters/worker-pool.ts.
import * as Comlink from 'comlink';
import { subagentHost } from '../src/adapters/subagent-host';

Comlink.expose(subagentHost(), self);
