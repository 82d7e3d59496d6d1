/** The Train view's form: which policy, how many episodes, the seed; Train, Stop, Resume; a file to load. */
import type { Accessor } from 'solid-js';
import type { PolicyCheckpoint } from '../../core/learning/checkpoint';
import { app } from '../app-state';
import { t } from '../i18n/t';
import type { Phase } from './train-state';

export function TrainForm(props: {
  readonly phase: Accessor<Phase>;
  readonly checkpoint: Accessor<PolicyCheckpoint | undefined>;
  /** Trains anew, or resumes the checkpoint given. */
  readonly onStart: (resume?: PolicyCheckpoint) => void;
  readonly onStop: () => void;
  readonly onLoad: (input: HTMLInputElement) => void;
}) {
  const s = () => app.state();
  const { phase, checkpoint } = props;
  return (
    <div class="panel form">
      <h2>{t('train.heading')}</h2>
      <p class="note">{t('train.about')}</p>
      <label>
        {t('train.policy')}
        <select
          data-testid="train-policy"
          value={s().train}
          onChange={(e) => app.update({ train: e.currentTarget.value as never })}
        >
          <option value="parl">{t('train.parlShort')}</option>
          <option value="bandit">{t('train.banditShort')}</option>
        </select>
      </label>
      {/* Short options, so Russian's do not get cut in the sidebar; what each is, here. */}
      <p class="note" data-testid="train-policy-note">
        {t(`train.${s().train}`)}
      </p>
      <label>
        {t('train.episodes')}
        <input
          type="number"
          min="10"
          max="20000"
          data-testid="train-episodes"
          value={s().episodes}
          onChange={(e) =>
            app.update({ episodes: Math.min(20000, Math.max(10, Number(e.currentTarget.value) || 10)) })
          }
        />
      </label>
      <label>
        {t('train.seed')}
        <input
          type="number"
          min="0"
          value={s().seed}
          onChange={(e) => app.update({ seed: Math.max(0, Number(e.currentTarget.value) || 0) })}
        />
      </label>
      <div class="actions">
        <button
          type="button"
          class="primary"
          data-testid="train-button"
          disabled={phase() === 'training'}
          onClick={() => props.onStart()}
        >
          {t('train.train')}
        </button>
        <button
          type="button"
          class="secondary"
          data-testid="train-stop"
          disabled={phase() !== 'training'}
          onClick={() => props.onStop()}
        >
          {t('train.stop')}
        </button>
        <button
          type="button"
          class="secondary"
          data-testid="train-resume"
          disabled={phase() !== 'stopped' || !checkpoint()}
          onClick={() => props.onStart(checkpoint())}
        >
          {t('train.resume')}
        </button>
      </div>
      <label>
        {t('train.load')}
        <input
          type="file"
          accept=".json"
          data-testid="policy-file"
          onChange={(e) => props.onLoad(e.currentTarget)}
        />
      </label>
    </div>
  );
}
