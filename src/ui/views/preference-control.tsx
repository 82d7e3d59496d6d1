import { For } from 'solid-js';
import { PREFERENCE_RANGE, type Preference } from '../../core/trace/preference';
import { app } from '../app-state';
import { type MessageId, t } from '../i18n/t';

const sliders: readonly {
  readonly field: keyof Preference;
  readonly label: MessageId;
  readonly about: MessageId;
}[] = [
  { field: 'cost', label: 'settings.preference.cost', about: 'settings.preference.costAbout' },
  { field: 'time', label: 'settings.preference.time', about: 'settings.preference.timeAbout' },
];

/**
 * Better ↔ cheaper ↔ faster (docs/learning.md, "A policy that follows a preference"): the run
 * request's `preference`, two multipliers of the reward's cost and time weights, kept in the link.
 * Both at 0 asks for the best answer whatever it costs; a policy trained with preference inputs
 * plays to them.
 */
export function PreferenceControl() {
  const p = () => app.state().preference;
  return (
    <fieldset class="form" data-testid="preference-control">
      <legend>{t('settings.preference.legend')}</legend>
      <For each={sliders}>
        {(s) => (
          <label title={t(s.about)}>
            {t(s.label, { value: p()[s.field] })}
            <input
              type="range"
              data-testid={`preference-${s.field}`}
              min={PREFERENCE_RANGE.min}
              max={PREFERENCE_RANGE.max}
              step={0.25}
              value={p()[s.field]}
              onInput={(e) =>
                app.update({ preference: { ...p(), [s.field]: Number(e.currentTarget.value) } })
              }
            />
          </label>
        )}
      </For>
    </fieldset>
  );
}
