/**
 * The router the page asks: the rules, plus a classifier and nearest neighbours trained here on the
 * repository's labelled requests in every language (their train split) and on every request arbitrated in this
 * browser — so a label given in the page changes the next answer. Loaded with the Router view.
 */
import { hashingEmbedder } from '../../core/embeddings/hashing';
import { type ArbitrationItem, arbitratedExamples } from '../../core/router/arbitration';
import { indexExamples, type NearestIndex, nearestFor } from '../../core/router/nearest';
import type { TeamPlan } from '../../core/router/plan';
import { planForRoute } from '../../core/router/plan-route';
import { examplesOf, parseRequests } from '../../core/router/requests';
import { type Route, type RouterModel, routeQuery } from '../../core/router/router';
import { trainRouter } from '../../core/router/train';

const embedder = hashingEmbedder();

// Every language's file (requests.jsonl, requests-zh.jsonl, requests-ru.jsonl), bundled as text.
const shippedFiles = import.meta.glob<string>('../../../scenarios/router/requests*.jsonl', {
  query: '?raw',
  import: 'default',
  eager: true,
});

function shippedExamples() {
  return Object.entries(shippedFiles)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .flatMap(([path, text]) => {
      const reading = parseRequests(text);
      // The files ship with the page and are tested; a broken one is a build defect, said loudly.
      if (!reading.ok)
        throw new Error(`${path}: line ${reading.problems[0]?.line}: ${reading.problems[0]?.message}`);
      return examplesOf(reading.requests, 'train');
    });
}

export interface PageRouter {
  readonly route: (query: string) => Promise<{ route: Route; plan: TeamPlan }>;
  /** Requests it learned from: the shipped train split, and the arbitrated ones. */
  readonly trainedOn: { readonly shipped: number; readonly arbitrated: number };
}

export async function pageRouter(queue: readonly ArbitrationItem[]): Promise<PageRouter> {
  const shipped = shippedExamples();
  const arbitrated = arbitratedExamples(queue);
  const model: RouterModel = trainRouter([], { requests: [...shipped, ...arbitrated] }).model;
  const index: NearestIndex = await indexExamples(embedder, model.examples ?? []);
  return {
    trainedOn: { shipped: shipped.length, arbitrated: arbitrated.length },
    async route(query) {
      const nearest = await nearestFor(embedder, index, query);
      const route = routeQuery(model, query, { nearest });
      return { route, plan: planForRoute(route) };
    },
  };
}
