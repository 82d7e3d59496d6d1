/**
 * SFT plan rows from arbitration (router/arbitration.ts): a request the router was unsure of,
 * labelled by the user or a stronger model, becomes the meta-router's example for it — the request,
 * then the team its label names as the plan. Run evidence wins where both exist: a request that
 * already has a plan row from successful runs (measured reward) keeps that one, so no request
 * teaches two answers.
 */
import type { ArbitrationItem } from '../router/arbitration';
import { parseChoiceLabel } from '../router/choice';
import { teamFor } from '../router/plan';
import type { Example, SftRow } from './rows';
import { planJson, planPrompt } from './sft';

export function arbitratedPlanExamples(
  items: readonly ArbitrationItem[],
  covered: ReadonlySet<string>,
): { examples: Example<SftRow>[]; superseded: number } {
  const examples: Example<SftRow>[] = [];
  let superseded = 0;
  for (const item of items) {
    const choice = item.status === 'labelled' && item.label ? parseChoiceLabel(item.label) : undefined;
    if (!choice) continue;
    if (covered.has(item.query)) {
      superseded++;
      continue;
    }
    const who = item.by === 'user' ? 'the user' : `a stronger model (${item.by?.slice('model:'.length)})`;
    const plan = teamFor(
      choice.topology,
      choice.workflow,
      `A ${choice.workflow} request, as ${who} arbitrated it.`,
    );
    examples.push({
      kind: 'plans',
      request: item.query,
      row: { messages: [...planPrompt(item.query), { role: 'assistant', content: planJson(plan) }] },
    });
  }
  return { examples, superseded };
}
