/**
 * Training the orchestration environment in real Chromium (`npm run bench:browser`), as the Train
 * view does (in the orchestration worker; CLI defaults, 100,000 episodes), on that worker alone and with 1 and 2
 * rollout Web Workers beside it, alternating, --reps times in one sitting: medians and the ratio
 * of medians, and whether every checkpoint is the same. Asserts only that the checkpoints agree.
 */
import { proxy, wrap } from 'comlink';
import { expect, it } from 'vitest';
import type { OrchestrationApi } from '../../src/adapters/orchestration-protocol';

const REPS = 5;
const EPISODES = 100_000;
const remote = proxy({ onPoints: () => undefined }) as never;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;

it('trains on 0, 1 and 2 rollout Web Workers', { timeout: 900_000 }, async () => {
  // In the orchestration worker, as the Train view trains: its rollout workers are nested in it.
  const host = wrap<OrchestrationApi>(
    new Worker(new URL('../../workers/orchestration.worker.ts', import.meta.url), { type: 'module' }),
  );
  const counts = [0, 1, 2] as const;
  const times: Record<number, number[]> = { 0: [], 1: [], 2: [] };
  const checkpoints = new Set<string>();
  await host.train(1, 6_400, remote, { rolloutWorkers: 1 }); // warm-up, untimed
  for (let r = 0; r < REPS; r++)
    for (const rolloutWorkers of counts) {
      const result = await host.train(1, EPISODES, remote, { rolloutWorkers });
      times[rolloutWorkers]?.push(result.seconds);
      checkpoints.add(JSON.stringify(result.checkpoint));
    }
  const lines = [
    `orchestration training in Chromium (${EPISODES.toLocaleString('en')} episodes), ${REPS} runs each, alternating; cores reported: ${navigator.hardwareConcurrency}`,
    '',
    '| rollout workers | seconds, median (all) | episodes/s | speed-up |',
    '|---:|---:|---:|---:|',
    ...counts.map((n) => {
      const t = times[n] as number[];
      return `| ${n} | ${median(t).toFixed(2)} (${t.map((x) => x.toFixed(2)).join(', ')}) | ${Math.round(EPISODES / median(t))} | ${(median(times[0] as number[]) / median(t)).toFixed(2)}× |`;
    }),
    '',
    `checkpoints: ${checkpoints.size === 1 ? 'the same in every run' : `${checkpoints.size} different`}`,
  ];
  console.log(lines.join('\n'));
  expect(checkpoints.size).toBe(1);
});
