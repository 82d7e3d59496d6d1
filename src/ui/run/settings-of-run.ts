/**
 * The Run view's settings a stored run was made with: what "Use this run's settings" writes into
 * the form (and so the link), after which Run makes the same run again — the same config and seed
 * give the same trace. A trace's header names its scenario, seed, size, policy, provider, context
 * strategy, join, failure policy and budgets; each value is checked exactly as a link's setting is
 * (url-state.ts), because a trace is an imported file and untrusted, and what the form cannot hold
 * is named rather than guessed.
 */

import type { TraceHeader } from '../../core/trace/header';
import { openai } from '../../providers/openai/provider';
import { providerOf } from '../../providers/registry';
import { webllm } from '../../providers/webllm/provider';
import { findScenario, sizeRange } from '../catalog';
import { type Said, words } from '../i18n/words';
import { type AppState, quoted, readHash } from '../url-state';

export type RunSettings =
  | {
      readonly ok: true;
      /** Settings to apply; those not named here keep what the form holds. */
      readonly patch: Partial<AppState>;
      /** What the run had that the form cannot take, one phrase each. */
      readonly left: readonly Said[];
    }
  | { readonly ok: false; readonly reason: Said };

/** A budget the header holds (null: none), as the form's number (0: the scenario's own or none). */
const budget = (value: number | null | undefined) => (typeof value === 'number' ? String(value) : '0');

export function settingsOfRun(header: TraceHeader): RunSettings {
  const entry = findScenario(header.scenario.id);
  if (!entry)
    return {
      ok: false,
      reason:
        header.scenario.kind === 'orchestration'
          ? words('storedSettings.orchestration')
          : words('storedSettings.otherScenario', { scenario: quoted(header.scenario.id) }),
    };
  const left: Said[] = [];
  const range = sizeRange(entry);
  let size = '0';
  if (header.size !== undefined && range) {
    if (header.size >= range.min && header.size <= range.max) size = String(header.size);
    else
      left.push(
        words('storedSettings.size', {
          size: String(header.size),
          min: String(range.min),
          max: String(range.max),
        }),
      );
  }
  const provider = header.provider.split(':')[0] ?? '';
  const wanted: [keyof AppState, string][] = [
    ['scenario', entry.id],
    ['size', size],
    ['seed', String(header.seed)],
    ['policy', header.policy],
    ['provider', provider],
    ['context', header.context?.name ?? ''],
    ['join', header.join],
    ['failure', header.failurePolicy],
    ['subagents', budget(header.budgets.maxConcurrentSubagents)],
    ['criticalSteps', budget(header.budgets.maxCriticalSteps)],
    ['toolCalls', budget(header.budgets.maxToolCalls)],
  ];
  const patch: Record<string, unknown> = {};
  for (const [key, value] of wanted) {
    const read = readHash(`#${new URLSearchParams({ [key]: value })}`);
    if (read.problems.length === 0) patch[key] = read.state[key];
    // A setting's key and its value are not words of a language.
    else left.push(`${key} ${quoted(value)}`);
  }
  // A run on a model endpoint names no endpoint in its trace (nor ever its key): the form keeps its own.
  if (patch.provider === openai.id || patch.provider === webllm.id)
    left.push(words('storedSettings.endpoint', { provider: String(patch.provider) }));
  else if (Object.keys(providerOf(String(patch.provider ?? ''))?.fields ?? {}).length > 0)
    left.push(words('storedSettings.providerFields', { provider: String(patch.provider) }));
  return { ok: true, patch: patch as Partial<AppState>, left };
}

/** Whether the form already holds every setting of `patch`. */
export function holds(state: AppState, patch: Partial<AppState>): boolean {
  return (Object.keys(patch) as (keyof AppState)[]).every(
    (key) => JSON.stringify(state[key]) === JSON.stringify(patch[key]),
  );
}
