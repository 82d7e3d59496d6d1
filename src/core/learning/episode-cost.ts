/**
 * A guess at a training episode's CPU time, for rollout pools that hand a batch out longest first
 * (the CLI's worker threads, the page's rollout Web Workers): its task's size times a per-kind cost
 * measured on the simulator (ms per row, hop or function; a CPU profile of training). Only the
 * order episodes are handed out in depends on it, never their outcomes.
 */

import { kindOf } from '../scenarios/registry';
import { drawTask, type MixSpec, weightsAt } from './mix';
import type { TrainConfig } from './train-config';

export function episodeCost(
  mix: MixSpec,
  config: Pick<TrainConfig, 'episodes' | 'seed' | 'group'>,
  e: number,
): number {
  // The episodes of a group play their first episode's task (episode.ts): the same draw here.
  const group = Math.max(1, config.group ?? 1);
  const first = e - (e % group);
  const draw = drawTask(mix, weightsAt(mix, first / config.episodes), config.seed, `episode ${first}`);
  return draw.size * (kindOf(draw.component.scenario)?.simulatedMsPerUnit ?? 1);
}
