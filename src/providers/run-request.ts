/**
 * The run request reader of every edge (the page, the API, the CLI through it), bound once to the
 * registered providers: core's schema (core/request/run-request.ts) checks `provider` against the
 * descriptors it is given, since core does not import the registry's folders, which hold each
 * host's parts.
 */
import { runRequestReader } from '../core/request/run-request';
import { PROVIDERS } from './registry';

export const readRunRequest = runRequestReader(PROVIDERS);
