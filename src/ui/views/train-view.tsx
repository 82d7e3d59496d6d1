import { createSignal, Show } from 'solid-js';
import { t } from '../i18n/t';
import { services } from '../services';
import { MessageBanner } from './message-banner';
import { loadPolicyFile, saveTrained } from './policy-file';
import { runnable, SavedPoliciesPanel } from './saved-policies-panel';
import { TrainForm } from './train-form';
import { trainState } from './train-state';
import { trainingCurves } from './training-curves';
import { trainingRun } from './training-run';

/** Trains a bandit or PARL orchestrator on the scenario mix, in a Web Worker, with live curves. */
export function TrainView() {
  const state = trainState();
  const { phase, progress, checkpoint, message, name, setName, setNameTyped } = state;
  const [runScenario, setRunScenario] = createSignal(runnable()[0] ?? 'wide-search');
  const training = trainingRun(state);
  const curvesImage = trainingCurves(state.curves);

  return (
    <section class="run-layout">
      <TrainForm
        phase={phase}
        checkpoint={checkpoint}
        onStart={(resume) => void training.start(resume)}
        onStop={training.stop}
        onLoad={(input) => void loadPolicyFile(state, input)}
      />
      <div>
        <div class="panel">
          <progress data-testid="train-progress" max={progress().total || 1} value={progress().done} />
          <div class="note" data-testid="train-status">
            {t('train.status', { phase: phase(), done: progress().done, total: progress().total })}
          </div>
        </div>
        <MessageBanner message={message()} testid="train-message" />
        <Show when={curvesImage()}>
          {(src) => (
            <div class="figure curves">
              <img src={src()} alt={t('train.curves')} data-testid="train-curves" />
            </div>
          )}
        </Show>
        <Show when={checkpoint()}>
          <div class="panel actions">
            <label class="inline">
              {t('train.name')}
              <input
                class="field"
                value={name()}
                onInput={(e) => {
                  setName(e.currentTarget.value);
                  setNameTyped(true);
                }}
                data-testid="policy-name"
              />
            </label>
            <button
              type="button"
              class="primary"
              data-testid="save-policy"
              disabled={phase() === 'training'}
              onClick={() => void saveTrained(state)}
            >
              {t('train.save')}
            </button>
            <button
              type="button"
              class="secondary"
              data-testid="download-policy"
              onClick={() =>
                services.download(`${name() || 'policy'}.json`, JSON.stringify(checkpoint(), null, 1))
              }
            >
              {t('train.download')}
            </button>
          </div>
        </Show>
        <SavedPoliciesPanel runScenario={runScenario} setRunScenario={setRunScenario} />
      </div>
    </section>
  );
}
