/**
 * "Continue from here with…": a stored run forked at one orchestrator decision under another
 * policy (core/run/fork.ts, as `swarm fork` does). The run is made again from its trace, checked
 * event by event, then once more with the chosen policy deciding from that decision on; the two
 * are drawn side by side (fork-drawings.tsx), with why their rewards differ or not, and their
 * metrics below. A run on a real model is made again from its recorded replies (the model
 * orchestrator's too), and after the fork its attempts ask the model the page is set to now, or
 * the simulated one. The decision comes from a node's or a bar's "Fork from decision K", the
 * replay's position, or the link (`fork=K`); one the run does not have is said in place.
 */

import { createEffect, createResource, createSignal, For, on, Show } from 'solid-js';
import { fixedSettings, settingName } from '../../core/learning/fixed-policy';
import { policyNames } from '../../core/policy/registry';
import { DEFAULT_POLICY } from '../../core/request/defaults';
import type { TraceEvent, TraceHeader } from '../../core/trace/events';
import { SIMULATED } from '../../core/trace/simulated-id';
import { app } from '../app-state';
import { findScenario, profiles } from '../catalog';
import { type MessageId, t } from '../i18n/t';
import { rewardTermsOf, rewardWhy } from '../model/fork-view';
import { formatFixed, formatNumber } from '../model/format';
import { models } from '../run/models';
import { resolvePolicy, savedPolicies } from '../run/policies';
import { policiesVersion } from '../run/saved-policies';
import { services } from '../services';
import { ForkDrawings } from './fork-drawings';
import { realModel } from './router-run';

const METRICS = [
  ['criticalSteps', 'fork.metricCritical'],
  ['cost', 'fork.metricCost'],
  ['itemF1', 'fork.metricQuality'],
  ['reward', 'fork.metricReward'],
] as const satisfies readonly (readonly [string, MessageId])[];

interface Outcome {
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

const fmt = (x: number | undefined) =>
  x === undefined ? '—' : Number.isInteger(x) ? formatNumber(x) : formatFixed(x, 4);

export function ForkPanel(props: {
  header: TraceHeader;
  events: readonly TraceEvent[];
  /** The decision the replay stands at: the one chosen when nothing else chose. */
  step: number;
  /** The decision asked for (a detail's "Fork from decision K", the link's `fork`); 0: none. */
  asked: number;
  /** Changes each time a "Fork from here" is used: the panel comes into view with the focus. */
  summoned?: number;
  /** A decision is chosen in the panel itself. */
  onChoose: (decision: number) => void;
}) {
  const steps = () => props.events.filter((e) => e.type === 'orchestrator.step').length;
  const [policy, setPolicy] = createSignal(props.header.policy === 'serial' ? DEFAULT_POLICY : 'serial');
  const at = () => (props.asked > 0 ? props.asked : undefined);
  // A decision the run does not have (the stored run replaced since the link was made, or a
  // shorter one): said in place of the fork; the decision the replay stands at is offered instead.
  const missing = () => {
    const asked = at();
    return asked !== undefined && asked > steps() ? asked : undefined;
  };
  let panel: HTMLDivElement | undefined;
  let chooser: HTMLSelectElement | undefined;
  createEffect(
    on(
      () => props.summoned,
      (n) => {
        if (!n || !panel) return;
        panel.scrollIntoView({ block: 'start' });
        chooser?.focus();
      },
    ),
  );
  const [busy, setBusy] = createSignal(false);
  const [outcome, setOutcome] = createSignal<Outcome | undefined>();
  const [problem, setProblem] = createSignal<string | undefined>();
  const [saved] = createResource(policiesVersion, savedPolicies);
  const step = () => Math.min(steps(), Math.max(1, missing() ? props.step : (at() ?? props.step)));
  const canFork = () => steps() > 0;
  const real = () => props.header.provider !== SIMULATED;
  // Who answers the attempts after a real run's fork: the model the page is set to, if a real one.
  const liveName = () => (app.state().provider === SIMULATED ? 'the simulated model' : realModel());

  async function run() {
    setBusy(true);
    setProblem(undefined);
    setOutcome(undefined);
    try {
      const entry = findScenario(props.header.scenario.id);
      if (!entry) throw new Error(`its scenario “${props.header.scenario.id}” is not one of this page's`);
      const [{ decisionWords, forkRun, prefixAttempts }, { simulatedProviderFor }, replay, llm] =
        await Promise.all([
          import('../../core/run/fork'),
          import('../../core/scenarios/players'),
          import('../../core/providers/replay'),
          import('../../core/policy/llm/llm-policy'),
        ]);
      const recorded = () => replay.replayProvider(props.header.provider, props.events);
      const settings = app.state();
      const live =
        settings.provider === SIMULATED
          ? simulatedProviderFor(profiles)
          : models.providerFor(settings, profiles).provider;
      // A simulated run is made again by the simulator; a real one from its own replies.
      const providers = real()
        ? {
            provider: recorded(),
            forkProvider: replay.replayThen(recorded(), live, prefixAttempts(props.events, step())),
          }
        : { provider: live };
      // A model orchestrator is made again over its recorded replies, a fresh queue each time.
      const original = async () =>
        props.header.policy === 'llm'
          ? llm.llmPolicyFor(recorded(), profiles)
          : resolvePolicy(props.header.policy, props.header.play);
      const scenario =
        entry.type === 'task'
          ? ({ type: 'task', spec: entry.spec } as const)
          : ({
              type: 'graph',
              graph: entry.graph(props.header.size ?? entry.size?.default ?? 0, props.header.seed),
              scenario: { id: entry.id, kind: 'graph', title: entry.title },
            } as const);
      const result = await forkRun({
        header: props.header,
        events: props.events,
        scenario,
        profiles,
        original,
        next: () => resolvePolicy(policy()),
        at: step(),
        ...(entry.type === 'task' ? { ...providers, ports: { sandbox: services.codeSandbox() } } : {}),
      });
      const d = result.firstDifference;
      setOutcome({
        original: result.original.metrics as unknown as Record<string, number>,
        fork: result.fork.metrics as unknown as Record<string, number>,
        policy: policy(),
        at: step(),
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
          { original: props.header.policy, fork: policy(), decision: step() },
          result.original.metrics,
          result.fork.metrics,
          rewardTermsOf(
            props.header.budgets.maxCriticalSteps ?? null,
            entry.type === 'task' ? entry.spec.reward : undefined,
            props.header.preference,
          ),
        ),
      });
    } catch (error) {
      setProblem(t('fork.failed', { error: (error as Error).message }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Show
      when={canFork()}
      fallback={
        <p class="note" data-testid="fork-unavailable">
          {t('fork.none')}
        </p>
      }
    >
      <div class="panel fork" data-testid="fork-panel" ref={panel}>
        <h3>{t('fork.heading')}</h3>
        <Show when={missing()}>
          {(asked) => (
            <p class="error" role="alert" data-testid="fork-missing">
              {t('fork.missing', { asked: asked(), steps: steps() })}
            </p>
          )}
        </Show>
        <Show when={real()}>
          <p class="note" data-testid="fork-real">
            {t('fork.real', { provider: props.header.provider, live: liveName() ?? '' })}
          </p>
        </Show>
        <div class="actions">
          <label class="inline">
            {t('fork.from')}
            <input
              class="field"
              type="number"
              min="1"
              max={steps()}
              value={step()}
              data-testid="fork-step"
              onChange={(e) => props.onChoose(Math.floor(Number(e.currentTarget.value)) || 1)}
            />
            {t('fork.of', { steps: steps() })}
          </label>
          <label class="inline">
            {t('fork.with')}
            <select
              ref={chooser}
              class="field"
              data-testid="fork-policy"
              value={policy()}
              onChange={(e) => setPolicy(e.currentTarget.value)}
            >
              <For each={policyNames()}>{(name) => <option value={name}>{name}</option>}</For>
              <For each={fixedSettings()}>
                {(s) => {
                  // A policy's name, as the CLI and the link write it: not a word to translate.
                  const name = `fixed:${settingName(s)}`;
                  return <option value={name}>{name}</option>;
                }}
              </For>
              <For each={saved() ?? []}>
                {(p) => (
                  <option value={`${p.kind}:${p.name}`}>
                    {t('fork.trained', { kind: p.kind, name: p.name })}
                  </option>
                )}
              </For>
            </select>
          </label>
          <button
            type="button"
            class="secondary"
            data-testid="fork-button"
            disabled={busy()}
            onClick={() => void run()}
          >
            {busy() ? t('fork.forking') : t('fork.continue')}
          </button>
        </div>
        <Show when={problem()}>
          <p class="error" role="alert" data-testid="fork-problem">
            {problem()}
          </p>
        </Show>
        <Show when={outcome()}>
          {(o) => (
            <div data-testid="fork-result" role="status">
              <p class="note">
                {t('fork.prefix', { events: o().prefixEvents, at: o().at, policy: o().policy })}
              </p>
              <p class="note" data-testid="fork-difference">
                {o().difference ? t('fork.firstDiff', { difference: o().difference ?? '' }) : t('fork.same')}
              </p>
              <ForkDrawings
                original={{
                  title: t('fork.originalTitle', { policy: props.header.policy }),
                  side: 'original',
                  events: o().originalEvents,
                }}
                fork={{
                  title: t('fork.forkTitle', { policy: o().policy, at: o().at }),
                  side: 'fork',
                  events: o().forkEvents,
                }}
                mainStepCost={props.header.mainStepCost}
                prefixEvents={o().prefixEvents}
                firstDifference={o().firstDifference}
              />
              <p class="note" data-testid="fork-why">
                {o().why}
              </p>
              <table class="data">
                <thead>
                  <tr>
                    <th scope="col">{t('fork.metric')}</th>
                    <th scope="col">{t('fork.asRun', { policy: props.header.policy })}</th>
                    <th scope="col">{t('fork.forkTitle', { policy: o().policy, at: o().at })}</th>
                  </tr>
                </thead>
                <tbody>
                  <For each={METRICS}>
                    {([key, label]) => (
                      <tr data-testid="fork-row" data-metric={key}>
                        <td>{t(label)}</td>
                        <td>{fmt(o().original[key])}</td>
                        <td>{fmt(o().fork[key])}</td>
                      </tr>
                    )}
                  </For>
                </tbody>
              </table>
              <Show when={o().quarantinedAfter > 0}>
                <p class="note" data-testid="fork-healing">
                  {t('fork.healing', { n: o().quarantinedAfter, at: o().at })}
                </p>
              </Show>
            </div>
          )}
        </Show>
      </div>
    </Show>
  );
}
