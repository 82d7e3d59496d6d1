import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { examplesOf, type LabelledRequest } from '../core/router/requests';
import type { RouterModel } from '../core/router/router';
import { trainRouter } from '../core/router/train';
import { readRequestsFile } from './requests-file';
import { scenariosDir } from './scenario-file';

/** The labelled requests the repository ships, every language (scenarios/router/requests*.jsonl). */
export function shippedRequests(): LabelledRequest[] {
  const dir = join(scenariosDir, 'router');
  return readdirSync(dir)
    .filter((name) => /^requests.*\.jsonl$/.test(name))
    .sort()
    .flatMap((name) => readRequestsFile(join(dir, name)));
}

let trained: RouterModel | undefined;

/**
 * The router `swarm route` uses without `--router`: the rules, and a classifier and nearest
 * neighbours trained on the train split of the shipped requests in English, Chinese and Russian
 * (a few hundred milliseconds at most, once per process). Their test splits stay out of it.
 */
export function defaultRouter(): RouterModel {
  trained ??= trainRouter([], { requests: examplesOf(shippedRequests(), 'train') }).model;
  return trained;
}
