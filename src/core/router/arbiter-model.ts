/**
 * Arbitration by a model: a stronger profile or an endpoint is shown a queued request with the
 * router's candidates and asked for the right choice as JSON. Its reply is untrusted: a label that
 * is not a choice is answered with the error, up to `attempts` replies, and every refusal counted,
 * as for plans (plan-model.ts).
 *
 * The simulated arbiter (`arbiterPlayer`) knows the answer only where the simulator does: when the
 * caller put a hidden label in the descriptor (an experiment over labelled requests), it answers it
 * at its profile's error rate, and otherwise keeps the router's own choice. It is a stand-in so the
 * path runs offline and can be measured, not a stronger model; a real one comes from WebLLM or an
 * endpoint through the same provider port.
 */
import * as v from 'valibot';
import type { PlayerInput, PlayerMove } from '../providers/player';
import type { ChatMessage, Provider } from '../providers/types';
import type { ArbitrationItem } from './arbitration';
import { askForJson } from './ask-json';
import { type ChoiceLabel, parseChoiceLabel, topologies, workflows } from './choice';

export const ARBITER_KIND = 'arbiter';

const allLabels = topologies.flatMap((t) => workflows.map((w) => `${t}/${w}`));

export const ARBITER_SYSTEM = [
  'You are the arbiter of a router that sends each request to a team formation and a workflow.',
  'The router was not sure about the request below. Choose the right choice for it.',
  'Topologies: single (one agent), swarm (a manager splits the work among parallel workers), peers (independent agents who compare and vote).',
  `Workflows: ${workflows.join(', ')}.`,
  'Answer with JSON only: {"label": "<topology>/<workflow>", "reason": "<one sentence>"}.',
].join('\n');

const replySchema = v.object({
  label: v.pipe(
    v.string('label is a string'),
    v.check((s) => parseChoiceLabel(s) !== undefined, `label is one of ${allLabels.join(', ')}`),
  ),
  reason: v.optional(v.pipe(v.string(), v.maxLength(2000)), ''),
});

export interface ArbiterResult {
  readonly label: ChoiceLabel | undefined;
  readonly reason: string;
  /** Replies refused, with why. */
  readonly refused: readonly string[];
  readonly messages: readonly ChatMessage[];
}

function readReply(
  text: string,
): { ok: true; label: ChoiceLabel; reason: string } | { ok: false; message: string } {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text);
  let json: unknown;
  try {
    json = JSON.parse((fenced?.[1] ?? text).trim());
  } catch (error) {
    return { ok: false, message: `not JSON: ${(error as Error).message}` };
  }
  const result = v.safeParse(replySchema, json);
  if (!result.success) return { ok: false, message: result.issues[0].message };
  return { ok: true, label: result.output.label as ChoiceLabel, reason: result.output.reason };
}

export function arbiterPrompt(item: ArbitrationItem): string {
  const candidates = item.candidates.map((c) => `${c.topology}/${c.workflow} (${c.p.toFixed(2)})`).join(', ');
  return [
    `Request: ${item.query}`,
    `The router chose ${item.routed.label} at confidence ${item.routed.confidence.toFixed(2)}.`,
    `Its candidates: ${candidates || 'none'}.`,
  ].join('\n');
}

export async function arbitrateWithModel(
  provider: Provider,
  item: ArbitrationItem,
  options: {
    readonly model: string;
    readonly profile?: string;
    readonly attempts?: number;
    readonly seed?: number;
    /** The hidden label, for the simulated arbiter in an experiment; a real model never sees it. */
    readonly truth?: ChoiceLabel;
  },
): Promise<ArbiterResult> {
  const answer = await askForJson(
    provider,
    [
      { role: 'system', content: ARBITER_SYSTEM },
      { role: 'user', content: arbiterPrompt(item) },
    ],
    (text) => {
      const reply = readReply(text);
      return reply.ok ? { ok: true, value: reply } : { ok: false, message: reply.message };
    },
    {
      model: options.model,
      profile: options.profile ?? 'large',
      ...(options.attempts !== undefined ? { attempts: options.attempts } : {}),
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
      subtask: {
        id: `arbiter-${item.id}`,
        descriptor: { kind: ARBITER_KIND, routed: item.routed.label, truth: options.truth },
      },
      correction: (message) => `That answer was refused: ${message}. Answer again with JSON only.`,
    },
  );
  return {
    label: answer.value?.label,
    reason: answer.value?.reason ?? '',
    refused: answer.refused,
    messages: answer.messages,
  };
}

/** The simulated arbiter (see the file's comment). */
export function arbiterPlayer(input: PlayerInput): PlayerMove {
  const d = (input.descriptor ?? {}) as { routed?: unknown; truth?: unknown };
  const routed = String(d.routed ?? 'single/general');
  const truth = typeof d.truth === 'string' ? d.truth : undefined;
  if (!truth) {
    return {
      content: JSON.stringify({ label: routed, reason: 'The simulator has no answer for a new request.' }),
      calls: [],
    };
  }
  const wrong = input.rng.next() < input.errorRate;
  return {
    content: JSON.stringify({
      label: wrong ? routed : truth,
      reason: wrong ? 'Kept the router’s choice.' : 'The request’s own label.',
    }),
    calls: [],
  };
}
