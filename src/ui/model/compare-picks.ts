/**
 * The Compare view's picker as data: which policies it offers, where a comparison stands while its
 * runs go one after another, and which run or message takes each picked policy's place, so the
 * view only draws. Its words are the catalogue's (`t`), a message words (`Said`) said where shown.
 */

import { t } from '../i18n/t';
import type { Said } from '../i18n/words';

/** One picked policy in a comparison: waiting, running, run (its library id), or why it was not. */
export type PickState =
  | { readonly policy: string; readonly state: 'queued' | 'running' }
  | { readonly policy: string; readonly state: 'done'; readonly id: string }
  | { readonly policy: string; readonly state: 'failed'; readonly message: Said };

export interface PickOption {
  readonly policy: string;
  readonly label: string;
  /** Why it cannot be picked now; undefined when it can. */
  readonly unavailable?: Said;
}

/** The single agent is a policy name the page's readers may not know as one. */
export const policyLabel = (policy: string): string =>
  policy === 'serial' ? t('pick.serial', { policy }) : policy;

/**
 * The policies the picker offers as boxes to tick, in this order: the built-ins, the model
 * orchestrator, the policies trained in this browser, then whatever else is picked (a fixed
 * setting added from its list, a saved policy this browser does not have).
 */
export function pickOptions(args: {
  readonly builtIns: readonly string[];
  readonly saved: readonly { readonly kind: string; readonly name: string }[];
  readonly picked: readonly string[];
  /** Why `llm` cannot run here, if it cannot (no model configured, a graph scenario). */
  readonly llmProblem: Said | undefined;
}): PickOption[] {
  const out: PickOption[] = args.builtIns.map((policy) => ({ policy, label: policyLabel(policy) }));
  out.push({
    policy: 'llm',
    label: t('pick.llm', { policy: 'llm' }),
    ...(args.llmProblem ? { unavailable: args.llmProblem } : {}),
  });
  for (const p of args.saved)
    out.push({ policy: `${p.kind}:${p.name}`, label: t('pick.trained', { kind: p.kind, name: p.name }) });
  const listed = new Set(out.map((o) => o.policy));
  for (const policy of args.picked) {
    if (listed.has(policy)) continue;
    listed.add(policy);
    const missing = /^(parl|bandit):/.test(policy);
    out.push({ policy, label: missing ? t('pick.missing', { policy }) : policy });
  }
  return out;
}

/** The picked list after ticking or unticking one: a new pick goes last (the first is the baseline). */
export function toggled(picked: readonly string[], policy: string, on: boolean): string[] {
  const rest = picked.filter((p) => p !== policy);
  return on ? [...rest, policy] : rest;
}

/** One line for a screen reader and the eye: which run goes now, how many wait, how many failed. */
export function progressLine(picks: readonly PickState[]): string {
  const running = picks.find((p) => p.state === 'running');
  const queued = picks.filter((p) => p.state === 'queued').length;
  const done = picks.filter((p) => p.state === 'done').length;
  const failed = picks.filter((p) => p.state === 'failed').length;
  const parts = running
    ? [
        t('pick.runningOf', {
          at: picks.indexOf(running) + 1,
          n: picks.length,
          policy: policyLabel(running.policy),
        }),
        t('pick.queued', { n: queued }),
      ]
    : queued > 0
      ? [t('pick.queued', { n: queued })]
      : [t('pick.doneOf', { done, n: picks.length })];
  if (failed > 0) parts.push(t('pick.couldNotRun', { n: failed }));
  return parts.join(' · ');
}

/** What stands in one picked policy's place in the comparison: its run, or why there is none. */
export type Placed<R> =
  | { readonly policy: string; readonly run: R }
  | { readonly policy: string; readonly message: Said };

/**
 * The runs in the link's order (the picker writes them in the picks' order; the Run view's
 * "Compare with a single agent" puts its swarm first), each picked policy that has no run its
 * message in its place: after the run of the pick before it. A run is matched to the first pick of
 * its policy, each run once. A pick with neither a run nor a message is left out (the link's runs
 * are in another browser, say: the picker is there to run them again).
 */
export function placeRuns<R>(
  picks: readonly string[],
  runs: readonly R[],
  policyOf: (run: R) => string,
  messageOf: (policy: string) => Said | undefined,
): Placed<R>[] {
  const out: Placed<R>[] = runs.map((run) => ({ policy: policyOf(run), run }));
  const used = new Set<Placed<R>>();
  let cursor = 0;
  for (const policy of picks) {
    const at = out.findIndex((p) => 'run' in p && p.policy === policy && !used.has(p));
    if (at >= 0) {
      used.add(out[at] as Placed<R>);
      cursor = Math.max(cursor, at + 1);
      continue;
    }
    const message = messageOf(policy);
    if (message !== undefined) out.splice(cursor++, 0, { policy, message });
  }
  return out;
}
