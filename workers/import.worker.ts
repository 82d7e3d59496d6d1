// Imports a trace file off the page's thread: the host from src/adapters/browser/import-host.ts, exposed
// with Comlink and called by importInWorker() in src/adapters/browser/import-client.ts.
import { expose } from 'comlink';
import { importHost } from '../src/adapters/browser/import-host';

expose(importHost());
