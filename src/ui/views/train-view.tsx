import { createResource, createSignal, For, onCleanup, Show } from 'solid-js';
import { loadPolicy, type PolicyCheckpoint } from '../../core/learning/checkpoint';
import { trainingCurvesSvg } from '../../core/learning/curves-svg';
import { isLearnedKind, TRAINABLE_KINDS } from '../../core/learning/kinds/registry';
import {
  type CurvePoint,
  defaultSchedules,
  defaultTrainConfig,
  type TrainConfig,
} from '../../core/learning/train';
import { app } from '../app-state';
import { ASK_KNOWLEDGE_BASE, mix, mixSpecs, profiles } from '../catalog';
import { t } from '../i18n/t';
import { bundledProfileHashes } from '../run/policies';
import { savePolicy } from '../run/save-policy';
import { deleteSavedPolicy, policiesVersion, savedPolicyList, usedWhere } from '../run/saved-policies';
import { services, type TrainingHandle } from '../services';
import { focusWhenShown } from './focus-when-shown';
import { MessageBanner } from './message-banner';

type Phase = 'idle' | 'training' | 'stopped' | 'done' | 'failed';

/** Where the page is one column (styles.css): the curves' panels wrap to one a row there. */
const NARROW_CURVES = '(max-width: 760px)';

/**
 * The task scenarios a saved policy can run: the mix's, the ones it was trained on, first. Not the
 * one that asks the user's own knowledge base, which runs from the Knowledge view with a question.
 */
const runnable = (): string[] => {
  const trained = mix.components.map((c) => c.scenario);
  return [...new Set([...trained, ...Object.keys(mixSpecs)])].filter((id) => id !== ASK_KNOWLEDGE_BASE);
};

/** Opens the Run view on `scenario` with a saved policy, and starts the run: a real scenario run. */
function runWith(kind: string, name: string, scenario: string): void {
  app.update({ view: 'run', scenario, size: 0, runs: [], policy: `${kind}:${name}` });
  void import('../run/session').then((m) => m.startRun());
  focusWhenShown('run-status');
}

/** Trains a bandit or PARL orchestrator on the scenario mix, in a Web Worker, with live curves. */
/**
 * `base`, or `base-2`, `base-3`…, whichever no saved policy has: two trainings of the same policy,
 * seed and length would otherwise get one default name, and saving the second replaced the first.
 */
async function freeName(base: string): Promise<string> {
  const taken = new Set((await (await services.policies()).list()).map((p) => p.name));
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
  return name;
}

export function TrainView() {
  const s = () => app.state();
  const [phase, setPhase] = createSignal<Phase>('idle');
  const [progress, setProgress] = createSignal({ done: 0, total: 0 });
  const [curves, setCurves] = createSignal<readonly CurvePoint[]>([]);
  const [checkpoint, setCheckpoint] = createSignal<PolicyCheckpoint | undefined>();
  const [message, setMessage] = createSignal<{ kind: 'error' | 'note'; text: string } | undefined>();
  const [name, setName] = createSignal('');
  // A name the user typed is kept; a default one follows each training, so that saving a bandit
  // after a PARL policy does not overwrite the PARL policy under its name.
  const [nameTyped, setNameTyped] = createSignal(false);
  const [saved] = createResource(policiesVersion, savedPolicyList);
  const [runScenario, setRunScenario] = createSignal(runnable()[0] ?? 'wide-search');
  let handle: TrainingHandle | undefined;

  async function start(resume?: PolicyCheckpoint) {
    if (handle) return;
    setMessage(undefined);
    if (!resume) {
      setCurves([]);
      setCheckpoint(undefined);
    }
    // A resumed training goes on to its own length: a loaded 20,000-episode checkpoint resumed
    // with the field's 300 was refused ("more episodes done than to train").
    const episodes = resume ? Math.max(resume.training.episodes, s().episodes) : s().episodes;
    const config: TrainConfig = {
      ...defaultTrainConfig,
      policy: s().train,
      episodes,
      seed: s().seed,
      // The CLI's default λ schedules for this policy and length.
      ...defaultSchedules(s().train, episodes),
      window: Math.max(10, Math.round(episodes / 20)),
    };
    setPhase('training');
    setProgress({ done: resume ? (checkpoint()?.training.completedEpisodes ?? 0) : 0, total: episodes });
    handle = await services.startTraining(
      { config, mix, specs: mixSpecs, profiles, ...(resume ? { resume } : {}) },
      {
        onProgress: (done, total) => setProgress({ done, total }),
        onCurve: (point) => setCurves((c) => [...c, point]),
        onCheckpoint: (c) => setCheckpoint(c),
      },
    );
    try {
      const summary = await handle.done;
      setCheckpoint(summary.checkpoint);
      setPhase(summary.stopped ? 'stopped' : 'done');
      setProgress({ done: summary.completedEpisodes, total: summary.episodes });
      if (!nameTyped() || !name())
        setName(await freeName(`${config.policy}-seed${config.seed}-${summary.completedEpisodes}`));
    } catch (error) {
      setPhase('failed');
      setMessage({ kind: 'error', text: `Training failed: ${(error as Error).message}` });
    } finally {
      handle = undefined;
    }
  }

  async function save() {
    const c = checkpoint();
    if (!c) return;
    try {
      await savePolicy(name(), c);
      setMessage({
        kind: 'note',
        text: `Saved as “${name()}”: pick ${c.kind}: ${name()} as the policy in the Run view.`,
      });
    } catch (error) {
      setMessage({ kind: 'error', text: (error as Error).message });
    }
  }

  async function loadFile(input: HTMLInputElement) {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    try {
      let json: unknown;
      try {
        json = JSON.parse(await file.text());
      } catch {
        throw new Error('it is not JSON');
      }
      const loaded = loadPolicy(json, await bundledProfileHashes());
      // A kind the Train view trains opens its form; one that is only played keeps the form as it is.
      const trainable = TRAINABLE_KINDS.find((k) => k === loaded.kind);
      if (trainable && trainable !== s().train) {
        app.update({ train: trainable });
      }
      setCheckpoint(loaded.checkpoint);
      setCurves([]);
      // The checkpoint's own count: the bar read the last training's "3000 / 3000 episodes" over
      // an imported 20,000-episode policy.
      const { completedEpisodes, episodes } = loaded.checkpoint.training;
      setProgress({ done: completedEpisodes, total: episodes });
      setPhase(completedEpisodes < episodes ? 'stopped' : 'done');
      // The file's name, made a free one: saving must not replace a policy already saved under it,
      // and it is a suggestion, so the next training's default name replaces it (a helper's
      // walk-through saved a loaded "policy", then a bandit trained next over it).
      setName(
        await freeName(
          file.name
            .replace(/\.json$/i, '')
            .replace(/[^A-Za-z0-9._ -]/g, '_')
            .slice(0, 60) || 'policy',
        ),
      );
      setNameTyped(false);
      setMessage({
        kind: 'note',
        text: `Loaded a ${loaded.kind} policy from ${file.name}; save it to use it, or resume its training.`,
      });
    } catch (error) {
      setMessage({
        kind: 'error',
        text: `${file.name} was not loaded: ${(error as Error).message.replace(/^not a usable policy: /, 'not a usable policy — ')}`,
      });
    }
  }

  // On a phone the panels wrap to one a row: two a row, the right column (reward terms, critical
  // steps, subagents) was cut off at 390 px.
  const narrow = window.matchMedia(NARROW_CURVES);
  const [oneColumn, setOneColumn] = createSignal(narrow.matches);
  const follow = (e: MediaQueryListEvent) => setOneColumn(e.matches);
  narrow.addEventListener('change', follow);
  onCleanup(() => narrow.removeEventListener('change', follow));
  const curvesImage = () =>
    curves().length === 0
      ? undefined
      : `data:image/svg+xml;charset=utf-8,${encodeURIComponent(trainingCurvesSvg(`${s().train} on ${mix.id}`, [{ name: s().train, curves: curves() }], oneColumn() ? 1 : 2))}`;

  return (
    <section class="run-layout">
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
            <option value="parl">{t('train.parl')}</option>
            <option value="bandit">{t('train.bandit')}</option>
          </select>
        </label>
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
            onClick={() => void start()}
          >
            {t('train.train')}
          </button>
          <button
            type="button"
            class="secondary"
            data-testid="train-stop"
            disabled={phase() !== 'training'}
            onClick={() => void handle?.stop()}
          >
            {t('train.stop')}
          </button>
          <button
            type="button"
            class="secondary"
            data-testid="train-resume"
            disabled={phase() !== 'stopped' || !checkpoint()}
            onClick={() => void start(checkpoint())}
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
            onChange={(e) => void loadFile(e.currentTarget)}
          />
        </label>
      </div>
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
              onClick={() => void save()}
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
        <div class="panel saved-policies">
          <h2>{t('train.saved')}</h2>
          <label>
            {t('train.runOn')}
            <select
              class="field"
              data-testid="run-with-scenario"
              value={runScenario()}
              onChange={(e) => setRunScenario(e.currentTarget.value)}
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
                <span class="note">{new Date(p.savedAt).toLocaleString()}</span>
                <Show when={isLearnedKind(p.kind)}>
                  <button
                    type="button"
                    class="primary"
                    data-testid="run-with-policy"
                    onClick={() => runWith(p.kind, p.name, runScenario())}
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
      </div>
    </section>
  );
}
