import { openaiProvider } from '../adapters/common/openai-provider';
import type { Provider } from '../core/providers/types';
import { arbitrateWithModel } from '../core/router/arbiter-model';
import {
  type ArbitrationItem,
  arbitrationItem,
  defaultArbitrationThreshold,
  enqueue,
  labelItem,
  needsArbitration,
  pendingItems,
} from '../core/router/arbitration';
import { type Profile, profileLadder } from '../core/router/choice';
import type { Route } from '../core/router/router';
import { readQueueFile, writeQueueFile } from './arbitration-file';
import { UsageError } from './errors';
import { defineCommand, type FlagValue, helpText, parseFlags } from './flags';
import { simulatedRouterProvider } from './sim-router-provider';

type Print = (text: string) => void;

/** `--profile`, `--endpoint` and `--model` say which model labels: without --by-model none does. */
const byModel = (values: Readonly<Record<string, FlagValue>>) =>
  values['by-model'] === true ? undefined : 'only --by-model asks a model to label';

export const arbitrateTable = defineCommand({
  name: 'arbitrate',
  usage: [
    'arbitrate --queue QUEUE.json [--label ID=TOPOLOGY/WORKFLOW …] [--by-model [--profile P | --endpoint URL --model NAME]] [--json]',
  ],
  about: `Active learning (docs/router.md): requests the router routed with a confidence under ${defaultArbitrationThreshold} wait in the queue (swarm route --queue); an arbiter labels them, and swarm train-router --arbitrated QUEUE.json learns from the labels. Without --label or --by-model, lists the queue, least confident first.`,
  flags: [
    {
      name: 'queue',
      type: 'string',
      value: 'FILE',
      required: true,
      help: 'the arbitration queue (swarm route --queue adds to it)',
    },
    {
      name: 'label',
      type: 'string',
      value: 'ID=LABEL',
      multiple: true,
      help: 'your label for a queued request (repeatable), e.g. q1x2y3=swarm/teach-explain',
    },
    {
      name: 'by-model',
      type: 'boolean',
      help: "a stronger model labels every pending request: the simulated profile (--profile), or a model behind an OpenAI-compatible --endpoint (the key from SWARM_API_KEY, never written out). The simulated arbiter knows no answer for a new request and keeps the router's choice: it is the offline stand-in, not a stronger model.",
    },
    {
      name: 'profile',
      type: 'choice',
      value: 'P',
      choices: profileLadder,
      default: 'large',
      help: "the simulated arbiter's profile",
      appliesUnless: (values) =>
        byModel(values) ??
        (values.endpoint !== undefined
          ? `--endpoint ${values.endpoint} asks a real model; the profile picks a simulated one`
          : undefined),
    },
    {
      name: 'endpoint',
      type: 'string',
      value: 'URL',
      help: 'an OpenAI-compatible endpoint whose model labels (with --model)',
      appliesUnless: byModel,
    },
    {
      name: 'model',
      type: 'string',
      value: 'NAME',
      help: 'the model behind --endpoint',
      appliesUnless: (values) =>
        byModel(values) ??
        (values.endpoint === undefined
          ? 'it names the model behind --endpoint; without one the arbiter is the simulated profile'
          : undefined),
    },
    { name: 'json', type: 'boolean', help: 'print one JSON document' },
  ],
});

export const arbitrateHelp = helpText(arbitrateTable);

/** `route --queue`: adds the request to the queue when the route is unsure. */
export function queueIfUnsure(file: string, query: string, route: Route) {
  if (!needsArbitration(route)) return { queued: false, reason: 'confident' as const, id: undefined };
  const item = arbitrationItem(query, route, Date.now());
  const { queue, added } = enqueue(readQueueFile(file), item);
  if (added) writeQueueFile(file, queue);
  return { queued: added, reason: added ? ('unsure' as const) : ('already queued' as const), id: item.id };
}

export function queuedLine(q: ReturnType<typeof queueIfUnsure>, file: string): string {
  if (q.reason === 'confident')
    return `arbitration: not needed (confidence ≥ ${defaultArbitrationThreshold})`;
  return q.queued
    ? `arbitration: queued as ${q.id} in ${file}`
    : `arbitration: already in ${file} as ${q.id}`;
}

function arbiterProvider(values: { endpoint?: string; model?: string }, profile: Profile) {
  if (values.endpoint === undefined) {
    return {
      provider: simulatedRouterProvider() as Provider,
      model: `sim-${profile}`,
      by: `model:sim-${profile}`,
    };
  }
  if (!values.model?.trim()) throw new UsageError('--endpoint needs --model NAME');
  const provider = openaiProvider({
    baseUrl: values.endpoint,
    model: values.model,
    apiKey: process.env.SWARM_API_KEY ?? '',
  });
  return { provider, model: values.model, by: `model:${values.model}` };
}

export async function arbitrate(argv: string[], out: Print): Promise<void> {
  const flags = parseFlags(arbitrateTable, argv);
  const values = {
    queue: flags.queue,
    label: flags.label,
    'by-model': flags['by-model'] === true,
    endpoint: flags.endpoint,
    model: flags.model,
    json: flags.json === true,
  };
  let queue: ArbitrationItem[] = [...readQueueFile(values.queue)];
  const now = Date.now();
  const labelled: { id: string; label: string; by: string }[] = [];
  const refused: { id: string; reasons: readonly string[] }[] = [];
  // Every --label is checked before any is applied: a typo changes nothing.
  const updates = (values.label ?? []).map((arg) => {
    const at = arg.indexOf('=');
    if (at <= 0) throw new UsageError(`--label ${arg}: ID=TOPOLOGY/WORKFLOW`);
    const id = arg.slice(0, at);
    const index = queue.findIndex((q) => q.id === id);
    if (index < 0) throw new UsageError(`--label ${arg}: no request ${id} in ${values.queue}`);
    const result = labelItem(queue[index] as ArbitrationItem, arg.slice(at + 1), 'user', now);
    if (!result.ok) throw new UsageError(`--label ${arg}: ${result.message}`);
    return { index, item: result.item };
  });
  for (const { index, item } of updates) {
    queue[index] = item;
    labelled.push({ id: item.id, label: item.label as string, by: 'user' });
  }
  if (values['by-model']) {
    const profile = flags.profile;
    const arbiter = arbiterProvider(values, profile);
    for (const pending of pendingItems(queue)) {
      const result = await arbitrateWithModel(arbiter.provider, pending, { model: arbiter.model, profile });
      if (!result.label) {
        refused.push({ id: pending.id, reasons: result.refused });
        continue;
      }
      const done = labelItem(
        pending,
        result.label,
        arbiter.by as `model:${string}`,
        Date.now(),
        result.reason,
      );
      if (!done.ok) continue;
      queue = queue.map((q) => (q.id === pending.id ? done.item : q));
      labelled.push({ id: pending.id, label: result.label, by: arbiter.by });
    }
  }
  if (labelled.length > 0) writeQueueFile(values.queue, queue);
  const pending = pendingItems(queue);
  const report = {
    queue: values.queue,
    items: queue.length,
    pending: pending.length,
    labelled: queue.length - pending.length,
    newlyLabelled: labelled,
    refused,
    ...(labelled.length === 0 && !values['by-model'] ? { pendingItems: pending } : {}),
  };
  if (values.json) {
    out(JSON.stringify(report));
    return;
  }
  out(
    [
      `${values.queue}: ${queue.length} requests, ${pending.length} pending, ${report.labelled} labelled`,
      ...labelled.map((l) => `labelled ${l.id} ${l.label} (${l.by})`),
      ...refused.map((r) => `no label for ${r.id}: ${r.reasons.join('; ')}`),
      ...(labelled.length === 0
        ? pending.map(
            (p) =>
              `${p.id}  ${p.routed.confidence.toFixed(2)}  ${p.routed.label.padEnd(26)} ${p.query.slice(0, 70)}`,
          )
        : []),
    ].join('\n'),
  );
}
