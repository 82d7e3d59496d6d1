/**
 * Active learning: the arbitration queue (docs/router.md, Active learning).
 *
 * A request the router decides with a confidence under the threshold (default 0.6) is queued with
 * what the router would have done and its candidates. An arbiter — a stronger profile or endpoint
 * (arbiter-model.ts), or the user in the page — answers with the right choice, and the labelled
 * item becomes a training example: for the classifier (`arbitratedExamples`, the same shape as a
 * hand-labelled request) and for the datasets (a plan for the request, datasets/arbitrated.ts).
 *
 * The queue is a list of plain records, stored by the page in IndexedDB and by the CLI in a JSON
 * file. Both are untrusted on the way back in (a file can be edited, a database come from an older
 * version), so `readArbitrationItems` holds every record to the schema and names what is wrong.
 */
import * as v from 'valibot';
import { hashString } from '../util/rng';
import { type ChoiceLabel, choiceLabel, parseChoiceLabel, topologies, workflows } from './choice';
import type { Example } from './classifier';
import type { Route } from './router';

/** Below this confidence a routed request goes to arbitration. */
export const defaultArbitrationThreshold = 0.6;

/** Who labelled an item: the user, or a model (`model:<name>`, e.g. `model:sim-large`). */
export type Arbiter = 'user' | `model:${string}`;

const normalise = (query: string) => query.trim().replace(/\s+/g, ' ').toLowerCase();

export const arbitrationId = (query: string): string => `q${hashString(normalise(query)).toString(36)}`;

/** True when the route is not sure enough to be trusted without a second opinion. */
export const needsArbitration = (route: Pick<Route, 'confidence'>, threshold = defaultArbitrationThreshold) =>
  route.confidence < threshold;

/** The queue item for a routed request. */
export function arbitrationItem(query: string, route: Route, queuedAt: number): ArbitrationItem {
  return {
    id: arbitrationId(query),
    query: query.trim(),
    routed: { label: choiceLabel(route), confidence: route.confidence, source: route.source },
    candidates: route.candidates,
    queuedAt,
    status: 'pending',
  };
}

/**
 * The queue with the item added, unless the same request is already in it (pending or labelled:
 * a labelled request needs no second arbitration). Returns whether it was added.
 */
export function enqueue(
  queue: readonly ArbitrationItem[],
  item: ArbitrationItem,
): { queue: readonly ArbitrationItem[]; added: boolean } {
  if (queue.some((q) => q.id === item.id)) return { queue, added: false };
  return { queue: [...queue, item], added: true };
}

/** The item with the arbiter's label, or a refusal naming what is wrong with the label. */
export function labelItem(
  item: ArbitrationItem,
  label: string,
  by: Arbiter,
  labelledAt: number,
  reason?: string,
): { ok: true; item: ArbitrationItem } | { ok: false; message: string } {
  const choice = parseChoiceLabel(label);
  if (!choice) {
    return {
      ok: false,
      message: `"${label}" is not a choice: topology/workflow, e.g. swarm/teach-explain`,
    };
  }
  return {
    ok: true,
    item: {
      ...item,
      status: 'labelled',
      label: choiceLabel(choice),
      by,
      labelledAt,
      ...(reason ? { reason } : {}),
    },
  };
}

/** The labelled items as classifier examples, in queue order. */
export function arbitratedExamples(queue: readonly ArbitrationItem[]): Example[] {
  return queue.flatMap((item) =>
    item.status === 'labelled' && item.label ? [{ text: item.query, label: item.label }] : [],
  );
}

/** Pending items, least confident first: the ones an arbiter's answer teaches the most. */
export const pendingItems = (queue: readonly ArbitrationItem[]) =>
  queue.filter((q) => q.status === 'pending').sort((a, b) => a.routed.confidence - b.routed.confidence);

const label = v.custom<ChoiceLabel>(
  (s) => typeof s === 'string' && parseChoiceLabel(s) !== undefined,
  'a choice label: topology/workflow',
);
const probability = v.pipe(v.number(), v.minValue(0), v.maxValue(1));
const arbiter = v.custom<Arbiter>(
  (s) => typeof s === 'string' && /^(user|model:.+)$/.test(s),
  'user or model:<name>',
);

/** A queue item as stored; the ArbitrationItem type is derived from it. */
const itemSchema = v.pipe(
  v.object({
    /** Stable for the request's text (normalised): the same request is queued once. */
    id: v.pipe(v.string(), v.minLength(1)),
    query: v.pipe(v.string(), v.trim(), v.minLength(1, 'query may not be empty'), v.maxLength(4000)),
    /** What the router chose, how sure it was and which layer decided. */
    routed: v.pipe(v.object({ label, confidence: probability, source: v.string() }), v.readonly()),
    candidates: v.pipe(
      v.array(
        v.pipe(
          v.object({ topology: v.picklist(topologies), workflow: v.picklist(workflows), p: probability }),
          v.readonly(),
        ),
      ),
      v.readonly(),
    ),
    queuedAt: v.number(),
    status: v.picklist(['pending', 'labelled']),
    label: v.optional(label),
    by: v.optional(arbiter),
    /** The arbiter's reason, when a model gave one. */
    reason: v.optional(v.pipe(v.string(), v.maxLength(2000))),
    labelledAt: v.optional(v.number()),
  }),
  v.check((i) => (i.status === 'labelled') === (i.label !== undefined), 'label: set exactly when labelled'),
  v.readonly(),
);

export type ArbitrationItem = v.InferOutput<typeof itemSchema>;

export type QueueReading =
  | { readonly ok: true; readonly items: readonly ArbitrationItem[] }
  | { readonly ok: false; readonly message: string };

/** Queue records from storage or a file, each held to the schema; the first problem named. */
export function readArbitrationItems(value: unknown): QueueReading {
  if (!Array.isArray(value)) return { ok: false, message: 'an arbitration queue is a list of items' };
  const items: ArbitrationItem[] = [];
  for (const [i, record] of value.entries()) {
    const result = v.safeParse(itemSchema, record);
    if (!result.success) {
      const issue = result.issues[0];
      const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
      return { ok: false, message: `item ${i + 1}${path ? `, ${path}` : ''}: ${issue.message}` };
    }
    items.push(result.output);
  }
  return { ok: true, items };
}
