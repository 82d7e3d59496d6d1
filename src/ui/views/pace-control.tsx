/**
 * The pace beside Run: how fast a simulated run plays, from instant to real time, or step by step,
 * one orchestrator decision a click (the Next step button shows while such a run goes on).
 */
import { For, Show } from 'solid-js';
import { app } from '../app-state';
import { t } from '../i18n/t';
import { PACES, WATCH_PACE } from '../model/paces';

export { FASTEST } from '../model/paces';

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
