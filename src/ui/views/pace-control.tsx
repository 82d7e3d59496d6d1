/**
 * The pace beside Run: how fast a simulated run plays, from instant to real time, or step by step,
 * one orchestrator decision a click (the Next step button shows while such a run goes on).
 */
import { For, Show } from 'solid-js';
import { app } from '../app-state';
import { type MessageId, t } from '../i18n/t';

/**
 * The pace presets, in real ms per second of model time (the settings' Pace field takes any value):
 * instant does not wait, fast is the default, watch makes a wide search last about ten seconds.
 */
const WATCH_PACE = 400;
const PACES: readonly (readonly [number, MessageId])[] = [
  [0, 'pace.instant'],
  [40, 'pace.fast'],
  [WATCH_PACE, 'pace.watch'],
  [1000, 'pace.realTime'],
];

/** The fastest pace beside Run, by its name: the one a long run's line points to. */
export const FASTEST = (() => {
  const [pace, name] = PACES.reduce((a, b) => (b[0] < a[0] ? b : a));
  // Named when said, so the line that names it speaks the page's language then.
  return {
    pace,
    get name() {
      return t(name);
    },
  };
})();

export function PaceControl(props: { going: boolean; holding: boolean; onNext: () => void }) {
  return (
    <>
      <label class="inline">
        {t('pace.label')}
        <select
          class="field"
          data-testid="pace-select"
          title={t('pace.title')}
          value={app.state().step ? 'step' : String(app.state().pace)}
          onChange={(e) => {
            const value = e.currentTarget.value;
            // Step mode plays each step's attempts at the watching pace, one decision per click.
            if (value === 'step') app.update({ step: true, pace: WATCH_PACE });
            else app.update({ step: false, pace: Number(value) });
          }}
        >
          <For each={PACES}>{([value, name]) => <option value={String(value)}>{t(name)}</option>}</For>
          <option value="step">{t('pace.step')}</option>
          <Show when={!app.state().step && !PACES.some(([value]) => value === app.state().pace)}>
            <option value={String(app.state().pace)}>{t('pace.custom', { pace: app.state().pace })}</option>
          </Show>
        </select>
      </label>
      <Show when={app.state().step && props.going}>
        <button
          type="button"
          class="primary"
          data-testid="next-step"
          disabled={!props.holding}
          title={t('pace.nextTitle')}
          onClick={() => props.onNext()}
        >
          {t('pace.next')}
        </button>
      </Show>
    </>
  );
}
