import type { SwarmApi } from '../../api/api';
import type { CheckpointSource } from '../../core/request/policy-of';
import { services } from '../services';

/**
 * `policy: 'KIND:NAME'` in the page's API: a policy saved in this browser (the Train view's list).
 * The page's runs read the same (run/policies.ts); this one is kept here so the first load does
 * not carry the run code.
 */
const savedPolicies: CheckpointSource = {
  describe: 'the name of a policy saved in this browser, as the Train view lists it',
  load: async (ref) => (await (await services.policies()).get(ref))?.checkpoint,
};

/**
 * The page's swarm control API, loaded on first use: the API and the run code it needs are not
 * part of the first load (tests/e2e/bundle.test.ts keeps that under budget).
 */
let loading: Promise<SwarmApi> | undefined;
export function pageApi(): Promise<SwarmApi> {
  loading ??= import('../../api/browser').then((m) => m.createPageApi(savedPolicies));
  return loading;
}

/** The API's six calls for the console: each loads the API on first use. */
export function consoleApi() {
  return {
    create: async (...args: Parameters<SwarmApi['create']>) => (await pageApi()).create(...args),
    status: async (...args: Parameters<SwarmApi['status']>) => (await pageApi()).status(...args),
    submit: async (...args: Parameters<SwarmApi['submit']>) => (await pageApi()).submit(...args),
    agents: async (...args: Parameters<SwarmApi['agents']>) => (await pageApi()).agents(...args),
    terminate: async (...args: Parameters<SwarmApi['terminate']>) => (await pageApi()).terminate(...args),
    wait: async (...args: Parameters<SwarmApi['wait']>) => (await pageApi()).wait(...args),
    list: async () => (await pageApi()).list(),
    async *events(id: string) {
      yield* (await pageApi()).events(id);
    },
  };
}
