/**
 * The meta-router's plan from a route (rules, classifier and bandit; router.ts): the team its
 * topology makes for its workflow, with a thought that says why in words a person (or a model
 * being trained on these plans) can follow.
 */

import { type TeamPlan, teamFor } from './plan';
import type { Route } from './router';

const why: Readonly<Record<Route['topology'], string>> = {
  single: 'one agent answers it faster and cheaper than any team',
  swarm: 'it splits into parts that run in parallel under a manager who merges them',
  peers: 'independent judgements compared on a shared board and a vote make fewer mistakes than one judge',
};

export function planForRoute(route: Route): TeamPlan {
  const source =
    route.source === 'rules'
      ? `the rules (${route.rules.join(', ') || 'none matched'})`
      : route.source === 'classifier'
        ? 'the classifier'
        : `the bandit (the best value for ${route.taskType} requests)`;
  const thought = `A ${route.workflow} request, by ${source} at confidence ${route.confidence.toFixed(2)}: ${why[route.topology]}.`;
  return teamFor(route.topology, route.workflow, thought);
}
