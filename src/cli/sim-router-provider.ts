import { simulatedProvider } from '../core/providers/simulated';
import { ARBITER_KIND, arbiterPlayer } from '../core/router/arbiter-model';
import { META_ROUTER_KIND, metaRouterPlayer } from '../core/router/plan-model';
import { readProfiles } from './scenario-file';

/**
 * The simulated provider over the repository's profiles, playing the router's models: the
 * meta-router that writes plans and the arbiter that labels queued requests. Each profile answers
 * at its own error rate (`sim-small` … `sim-large`).
 */
export function simulatedRouterProvider() {
  const profiles = readProfiles();
  return simulatedProvider({
    profiles: Object.fromEntries(
      Object.entries(profiles).map(([name, p]) => [
        name,
        {
          model: p.models.simulated ?? `sim-${name}`,
          contextWindow: p.contextWindow,
          simulator: p.simulator,
        },
      ]),
    ),
    players: { [META_ROUTER_KIND]: metaRouterPlayer, [ARBITER_KIND]: arbiterPlayer },
  });
}
