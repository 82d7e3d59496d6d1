/**
 * The run request reader of every edge (the page, the API, the CLI through it), bound once to the
 * registered providers: core's schema (core/request/run-request.ts) checks `provider` against the
 * descriptors it is given, since core does not import the registry's folders, which hold each
 * host's parts.
 */
import * as v from 'valibot';
import { providerSchema } from '../core/providers/descriptor';
import { type ProviderRequest, type RequestProblem, runRequestReader } from '../core/request/run-request';
import { PROVIDERS } from './registry';

export const readRunRequest = runRequestReader(PROVIDERS);

const providerOnly = providerSchema(PROVIDERS);

/**
 * A `provider` object alone, checked as a run request's is (a command that runs no request, such
 * as `swarm bench`, takes its provider this way): the first problem, its field `provider.NAME`.
 */
export function readProviderRequest(
  input: unknown,
): { ok: true; provider: ProviderRequest } | ({ ok: false } & RequestProblem) {
  const parsed = v.safeParse(providerOnly, input, { abortPipeEarly: true });
  if (parsed.success) return { ok: true, provider: parsed.output };
  const issue = parsed.issues[0];
  const path = v.getDotPath(issue);
  return { ok: false, field: path ? `provider.${path}` : 'provider', message: issue.message };
}
