/**
 * "Continue from here with…": a stored run forked at one orchestrator decision under another
 * policy (run/fork-stored-run.ts, as `swarm fork` does); the two are drawn side by side, with why
 * their rewards differ or not, and their metrics below (fork-result.tsx). The decision comes from a
 * node's or a bar's "Fork from decision K", the replay's position, or the link (`fork=K`); one the
 * run does not have is said in place.
 */

import { createEffect, createSignal, on, Show } from 'solid-js';
import { DEFAULT_POLICY } from '../../core/request/defaults';
import type { TraceEvent } from '../../core/trace/events';
import type { TraceHeader } from '../../core/trace/header';
import { SIMULATED } from '../../core/trace/simulated-id';
import { app } from '../app-state';
import { t } from '../i18n/t';
import { type ForkOutcome, forkStoredRun } from '../run/fork-stored-run';
import { ForkPolicySelect } from './fork-policy-select';
import { ForkResult } from './fork-result';
import { realModel } from './router-run';

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
  const [outcome, setOutcome] = createSignal<ForkOutcome | undefined>();
  const [problem, setProblem] = createSignal<string | undefined>();
  const step = () => Math.min(steps(), Math.max(1, missing() ? props.step : (at() ?? props.step)));
  const real = () => props.header.provider !== SIMULATED;
  // Who answers the attempts after a real run's fork: the model the page is set to, if a real one.
  const liveName = () => (app.state().provider === SIMULATED ? 'the simulated model' : realModel());

  async function run() {
    setBusy(true);
    setProblem(undefined);
    setOutcome(undefined);
    try {
      setOutcome(await forkStoredRun(props.header, props.events, step(), policy()));
    } catch (error) {
      setProblem(t('fork.failed', { error: (error as Error).message }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Show
      when={steps() > 0}
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
          <ForkPolicySelect
            value={policy()}
            onChange={setPolicy}
            ref={(select) => {
              chooser = select;
            }}
          />
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
        <Show when={outcome()}>{(o) => <ForkResult header={props.header} outcome={o()} />}</Show>
      </div>
    </Show>
  );
}
