/** The Train view's saved policies: each with where it can be used, Run with this policy, Delete. */
import { type Accessor, createResource, For, Show } from 'solid-js';
import { isLearnedKind } from '../../core/learning/kinds/registry';
import { app } from '../app-state';
import { ASK_KNOWLEDGE_BASE, mix, mixSpecs } from '../catalog';
import { t } from '../i18n/t';
import { formatDateTime } from '../model/format';
import { deleteSavedPolicy, policiesVersion, savedPolicyList, usedWhere } from '../run/saved-policies';
import { focusWhenShown } from './focus-when-shown';

/**
 * The task scenarios a saved policy can run: the mix's, the ones it was trained on, first. Not the
 * one that asks the user's own knowledge base, which runs from the Knowledge view with a question.
 */
export const runnable = (): string[] => {
  const trained = mix.components.map((c) => c.scenario);
  return [...new Set([...trained, ...Object.keys(mixSpecs)])].filter((id) => id !== ASK_KNOWLEDGE_BASE);
};

/** Opens the Run view on `scenario` with a saved policy, and starts the run: a real scenario run. */
function runWith(kind: string, name: string, scenario: string): void {
  app.update({ view: 'run', scenario, size: 0, runs: [], policy: `${kind}:${name}` });
  void import('../run/session').then((m) => m.startRun());
  focusWhenShown('run-status');
}

export function SavedPoliciesPanel(props: {
  /** The scenario "Run with this policy" runs on, and its setter. */
  readonly runScenario: Accessor<string>;
  readonly setRunScenario: (scenario: string) => void;
}) {
  const [saved] = createResource(policiesVersion, savedPolicyList);
  return (
    <div class="panel saved-policies">
      <h2>{t('train.saved')}</h2>
      <label>
        {t('train.runOn')}
        <select
          class="field"
          data-testid="run-with-scenario"
          value={props.runScenario()}
          onChange={(e) => props.setRunScenario(e.currentTarget.value)}
        >
          <For each={runnable()}>{(id) => <option value={id}>{id}</option>}</For>
        </select>
      </label>
      <For each={saved() ?? []} fallback={<p class="note">{t('train.none')}</p>}>
        {(p) => (
          <div class="actions" data-testid="saved-policy">
            <span>{p.name}</span>
            <span class="note" data-testid="saved-policy-use">
              {usedWhere(p.kind, p.name)}
            </span>
            <span class="note">{formatDateTime(p.savedAt)}</span>
            <Show when={isLearnedKind(p.kind)}>
              <button
                type="button"
                class="primary"
                data-testid="run-with-policy"
                onClick={() => runWith(p.kind, p.name, props.runScenario())}
              >
                {t('train.runWith')}
              </button>
            </Show>
            <button type="button" class="secondary" onClick={() => void deleteSavedPolicy(p.name)}>
              {t('train.delete')}
            </button>
          </div>
        )}
      </For>
    </div>
  );
}
