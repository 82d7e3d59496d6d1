import { createResource, createSignal, For, Match, Show, Switch } from 'solid-js';
import { fixedSettings, settingName } from '../../core/learning/fixed-policy';
import { policyNames } from '../../core/policy/registry';
import { app } from '../app-state';
import { catalog, findScenario } from '../catalog';
import { t } from '../i18n/t';
import { say } from '../i18n/words';
import { pickOptions, policyLabel, progressLine, toggled } from '../model/compare-picks';
import { comparisons, llmProblem } from '../run/compare-runs';
import { savedPolicies } from '../run/policies';
import { policiesVersion } from '../run/saved-policies';
import { running } from '../run/session';
import { optionTitle } from './option-title';

/** The fixed settings, as policy names: each is one arm of the bandit, run without learning. */
const fixedNames = fixedSettings().map((setting) => `fixed:${settingName(setting)}`);

/**
 * Picks a scenario, a seed and two or more policies, and runs them one after another on that seed
 * (compare-runs.ts); the choice is the link's (`scenario`, `seed`, `policies`), and the runs made
 * are its `runs`. Every other setting of a run (size, provider, pace…) is the Run view's.
 */
export function ComparePicker() {
  const s = () => app.state();
  const [saved] = createResource(policiesVersion, savedPolicies);
  const [fixed, setFixed] = createSignal(fixedNames[0] as string);
  const options = () =>
    pickOptions({
      builtIns: policyNames(),
      saved: saved() ?? [],
      picked: s().policies,
      llmProblem: llmProblem(s()),
    });
  const pick = (policy: string, on: boolean) => app.update({ policies: toggled(s().policies, policy, on) });
  const busy = () => comparisons.running();
  // A run of the Run view (or the Router's, the gallery's) holds the one session.
  const blocked = () => !busy() && running();
  const tooFew = () => s().policies.length < 2;
  const mine = () => {
    const c = comparisons.current();
    return c && c.scenario === s().scenario && c.seed === s().seed ? c : undefined;
  };
  return (
    <div class="panel form compare-picker" data-testid="compare-picker">
      <h2>{t('picker.heading')}</h2>
      <label>
        {t('picker.scenario')}
        <select
          data-testid="compare-scenario"
          title={findScenario(s().scenario)?.title}
          value={s().scenario}
          disabled={busy()}
          onChange={(e) => app.update({ scenario: e.currentTarget.value, size: 0 })}
        >
          <For each={catalog}>{(entry) => <option value={entry.id}>{optionTitle(entry.title)}</option>}</For>
        </select>
      </label>
      <label>
        {t('picker.seed')}
        <input
          type="number"
          min="0"
          data-testid="compare-seed"
          value={s().seed}
          disabled={busy()}
          onChange={(e) => app.update({ seed: Math.max(0, Math.floor(Number(e.currentTarget.value) || 0)) })}
        />
      </label>
      <fieldset class="form" disabled={busy()}>
        <legend>{t('picker.policies')}</legend>
        <For each={options()}>
          {(o) => (
            <label class="check">
              <input
                type="checkbox"
                data-testid="compare-pick"
                data-policy={o.policy}
                checked={s().policies.includes(o.policy)}
                // One a link picked stays untickable; it then shows why it did not run.
                disabled={o.unavailable !== undefined && !s().policies.includes(o.policy)}
                onChange={(e) => pick(o.policy, e.currentTarget.checked)}
              />
              <span>
                {o.label}
                <Show when={o.unavailable}>{(why) => <span class="note"> — {say(why())}</span>}</Show>
              </span>
            </label>
          )}
        </For>
        <div class="actions">
          <label class="inline">
            {t('picker.fixed')}
            <select
              data-testid="compare-fixed"
              value={fixed()}
              onChange={(e) => setFixed(e.currentTarget.value)}
            >
              <For each={fixedNames}>{(name) => <option value={name}>{name}</option>}</For>
            </select>
          </label>
          <button
            type="button"
            class="secondary"
            data-testid="compare-add-fixed"
            disabled={s().policies.includes(fixed()) || s().policies.length >= 8}
            onClick={() => pick(fixed(), true)}
          >
            {t('picker.add')}
          </button>
        </div>
      </fieldset>
      <div class="actions">
        {/* One button, Run then Stop: its focus stays on it as the comparison starts and ends. */}
        <button
          type="button"
          class={busy() ? 'secondary' : 'primary'}
          data-testid="compare-run"
          disabled={!busy() && (tooFew() || blocked())}
          onClick={() => (busy() ? comparisons.stop() : void comparisons.run(s().policies))}
        >
          {busy() ? t('picker.stop') : t('picker.run')}
        </button>
      </div>
      <Show when={tooFew()}>
        <p class="note">{t('picker.tooFew')}</p>
      </Show>
      <Show when={blocked()}>
        <p class="note">{t('picker.blocked')}</p>
      </Show>
      {/* Read out as it changes: which one runs now, how many wait. */}
      <p class="note" role="status" data-testid="compare-progress-line">
        {mine() ? progressLine(mine()?.picks ?? []) : ''}
      </p>
      <Show when={mine()}>
        {(c) => (
          <ol class="compare-progress" data-testid="compare-progress">
            <For each={c().picks}>
              {(p) => (
                <li data-testid="compare-progress-item" data-policy={p.policy} data-state={p.state}>
                  {policyLabel(p.policy)}:{' '}
                  <Switch>
                    <Match when={p.state === 'queued'}>{t('picker.queued')}</Match>
                    <Match when={p.state === 'running'}>{t('picker.running')}</Match>
                    <Match when={p.state === 'done'}>{t('picker.done')}</Match>
                    <Match when={p.state === 'failed' && p}>
                      {(f) => (
                        <span class="warning">{t('picker.failed', { message: say(f().message) })}</span>
                      )}
                    </Match>
                  </Switch>
                </li>
              )}
            </For>
          </ol>
        )}
      </Show>
    </div>
  );
}
