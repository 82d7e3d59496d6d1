/**
 * The rollout worker's side (workers/rollout.worker.ts): it plays the training worker's episodes
 * with the weights sent along (core/learning/episode.ts) in an environment built from the
 * training's own request, and answers over the port the page handed it (Comlink, `RolloutApi`).
 * Model work is simulated and code runs through the training worker's sandbox (the page's sandbox
 * frame), so the workers share nothing but messages, and an episode's outcome is the one the
 * training worker would have computed.
 */
import { expose } from 'comlink';
import { playEpisode } from '../../core/learning/episode';
import type { TrainEnv } from '../../core/learning/train-config';
import type { CodeSandbox } from '../../core/tools/sandbox';
import {
  isRolloutStart,
  type RolloutApi,
  type RolloutHolding,
  type RolloutSetup,
} from '../wire/rollout-protocol';
import { trainEnvFor } from './train-env';

export function rolloutHost(): RolloutApi {
  let ready: Promise<{ env: TrainEnv; setup: RolloutSetup }> | undefined;
  return {
    setup(setup, sandbox?: CodeSandbox) {
      ready = trainEnvFor(setup, sandbox).then((env) => ({ env, setup }));
    },
    async play(episode, params) {
      if (!ready) throw new Error('the rollout worker was not set up: call setup first');
      const { env, setup } = await ready;
      return playEpisode(setup.config, env, episode, { params });
    },
  };
}

/**
 * In a rollout worker's entry file: waits for the page's start message, takes its Web Lock for the
 * worker's whole life (the page reads its release as the worker's end), and only then tells the
 * page so and serves `host` on the port that came with it: a worker plays nothing before its end
 * can be seen. (The training worker's calls wait in the port's queue meanwhile.)
 */
export function serveRollouts(
  scope: {
    addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
    postMessage(message: unknown): void;
  },
  host: RolloutApi,
): void {
  scope.addEventListener('message', (event) => {
    const port = event.ports[0];
    if (!isRolloutStart(event.data) || !port) return;
    const holding: RolloutHolding = { type: 'swarmflight-rollout-holding' };
    const locks = (globalThis.navigator as Navigator | undefined)?.locks;
    // Without Web Locks (an insecure origin) the page hears of crashes through `error` only.
    if (!locks) {
      expose(host, port);
      return;
    }
    void locks.request(event.data.lock, () => {
      scope.postMessage(holding);
      expose(host, port);
      return new Promise<never>(() => {}); // held until the worker is gone
    });
  });
}
