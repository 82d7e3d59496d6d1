// Imports a trace file off the page's thread: the host from src/adapters/import-host.ts, exposed
// with Comlink and called by importInWorker() in src/adapters/import-client.ts.
import { expose } from 'comlink';
import { importHost } from '../src/adapters/import-host';

expose(importHost());
