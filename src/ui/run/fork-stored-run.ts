/**
 * A stored run forked at one orchestrator decision under another policy, as the page does it
 * (core/run/fork.ts, as `swarm fork` does): made again from its trace, checked event by event,
 * then once more with the chosen policy deciding from that decision on. A run on a real model is
 * made again from its recorded replies (the model orchestrator's too), and after the fork its
 * attempts ask the model the page is set to now, or the simulated one. What the fork panel
 * (views/fork-panel.tsx) shows.
 */

import type { TraceEvent } from '../../core/trace/events';
import type { TraceHeader } from '../../core/trace/header';
import { SIMULATED } from '../../core/trace/simulated-id';
import { app } from '../app-state';
import { findScenario, profiles } from '../catalog';
import { t } from '../i18n/t';
import { rewardTermsOf, rewardWhy } from '../model/fork-view';
import { services } from '../services';
import { models } from './models';
import { resolvePolicy } from './policies';

export interface ForkOutcome {
  readonly original: Readonly<Record<string, number>>;
  readonly fork: Readonly<Record<string, number>>;
  readonly policy: string;
  readonly at: number;
  readonly prefixEvents: number;
  readonly quarantinedAfter: number;
  readonly difference?: string;
  readonly firstDifference?: number;
  readonly originalEvents: readonly TraceEvent[];
  readonly forkEvents: readonly TraceEvent[];
  /** Why the rewards differ or not, in words (model/fork-view.ts). */
  readonly why: string;
}

/** The stored run (`header`, `events`) forked at decision `at` with `policy` deciding from it on. */
export async function forkStoredRun(
  header: TraceHeader,
  events: readonly TraceEvent[],
  at: number,
  policy: string,
): Promise<ForkOutcome> {
  const entry = findScenario(header.scenario.id);
  if (!entry) throw new Error(`its scenario “${header.scenario.id}” is not one of this page's`);
  const [{ decisionWords, forkRun, prefixAttempts }, { simulatedProviderFor }, replay, llm] =
    await Promise.all([
      import('../../core/run/fork'),
      import('../../core/scenarios/players'),
      import('../../core/providers/replay'),
      import('../../core/policy/llm/llm-policy'),
    ]);
  const recorded = () => replay.replayProvider(header.provider, events);
  const settings = app.state();
  const live =
    settings.provider === SIMULATED
      ? simulatedProviderFor(profiles)
      : models.providerFor(settings, profiles).provider;
  // A simulated run is made again by the simulator; a real one from its own replies.
  const providers =
    header.provider !== SIMULATED
      ? {
          provider: recorded(),
          forkProvider: replay.replayThen(recorded(), live, prefixAttempts(events, at)),
        }
      : { provider: live };
  // A model orchestrator is made again over its recorded replies, a fresh queue each time.
  const original = async () =>
    header.policy === 'llm'
      ? llm.llmPolicyFor(recorded(), profiles)
      : resolvePolicy(header.policy, header.play);
  const scenario =
    entry.type === 'task'
      ? ({ type: 'task', spec: entry.spec } as const)
      : ({
          type: 'graph',
          graph: entry.graph(header.size ?? entry.size?.default ?? 0, header.seed),
          scenario: { id: entry.id, kind: 'graph', title: entry.title },
        } as const);
  const result = await forkRun({
    header,
    events,
    scenario,
    profiles,
    original,
    next: () => resolvePolicy(policy),
    at,
    ...(entry.type === 'task' ? { ...providers, ports: { sandbox: services.codeSandbox() } } : {}),
  });
  const d = result.firstDifference;
  return {
    original: result.original.metrics as unknown as Record<string, number>,
    fork: result.fork.metrics as unknown as Record<string, number>,
    policy,
    at,
    prefixEvents: result.prefixEvents,
    quarantinedAfter: result.quarantinedAfter,
    ...(d
      ? {
          difference: t('fork.difference', {
            step: d.step,
            t: d.t,
            original: decisionWords(d.original),
            fork: decisionWords(d.fork),
          }),
          firstDifference: d.step,
        }
      : {}),
    originalEvents: result.original.events,
    forkEvents: result.fork.events,
    why: rewardWhy(
      { original: header.policy, fork: policy, decision: at },
      result.original.metrics,
      result.fork.metrics,
      rewardTermsOf(
        header.budgets.maxCriticalSteps ?? null,
        entry.type === 'task' ? entry.spec.reward : undefined,
        header.preference,
      ),
    ),
  };
}
