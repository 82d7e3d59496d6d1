/** A training of the Train view: started, or resumed from a checkpoint, in a Web Worker; stopped. */
import type { PolicyCheckpoint } from '../../core/learning/checkpoint';
import { defaultSchedules, defaultTrainConfig, type TrainConfig } from '../../core/learning/train';
import { app } from '../app-state';
import { mix, mixSpecs, profiles } from '../catalog';
import { services, type TrainingHandle } from '../services';
import { freeName } from './policy-file';
import type { TrainState } from './train-state';

/** Trains a bandit or PARL orchestrator on the scenario mix, in a Web Worker, with live curves. */
export function trainingRun(state: TrainState) {
  const s = () => app.state();
  const {
    setPhase,
    setProgress,
    setCurves,
    checkpoint,
    setCheckpoint,
    setMessage,
    name,
    setName,
    nameTyped,
  } = state;
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

  return { start, stop: () => void handle?.stop() };
}
