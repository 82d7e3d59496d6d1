import { For } from 'solid-js';
import { PREFERENCE_RANGE, type Preference } from '../../core/trace/preference';
import { app } from '../app-state';

const sliders: readonly {
  readonly field: keyof Preference;
  readonly label: string;
  readonly about: string;
}[] = [
  {
    field: 'cost',
    label: 'cheaper',
    about:
      "How much the reward charges for cost: a multiplier of the scenario's cost weight μ (1 is the scenario's own, 0 ignores cost, 3 charges it three times)",
  },
  {
    field: 'time',
    label: 'faster',
    about:
      "How much the reward charges for critical steps: a multiplier of the scenario's step weight η (1 is the scenario's own, 0 ignores time, 3 charges it three times)",
  },
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
      <legend>Preference: better ↔ cheaper ↔ faster</legend>
      <For each={sliders}>
        {(s) => (
          <label title={s.about}>
            {`${s.label} ×${p()[s.field]}`}
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
