import { describe, expect, it } from 'vitest';
import { type BenchSweepSpec, benchRunner, sweepScenarioOf } from '../../src/cli/scale-out/bench-sweep-spec';
import { SWEEP_VERSION } from '../../src/cli/scale-out/sweep-protocol';
import { readProfiles, readScenario } from '../../src/cli/scenario-file';

// A worker with --concurrency 2 plays two runs of a sweep at once in one process. The `llm`
// orchestrator keeps its run's conversation, so two runs sharing one policy gave another report
// than the local loop's (the CI failure at c79bbdb). No Redis here: the runner is what a worker
// calls per job.
const spec: BenchSweepSpec = {
  kind: 'bench',
  version: SWEEP_VERSION,
  scenario: sweepScenarioOf(readScenario('wide-search')),
  profiles: readProfiles(),
  policies: ['heuristic', 'llm'],
  checkpoints: {},
  seeds: [1, 2, 3],
  size: 12,
  healing: 'off',
};

const strip = (record: unknown) =>
  JSON.parse(JSON.stringify(record), (key, value) => (key === 'wallClockMs' ? undefined : value));

describe("a bench sweep's runner", () => {
  it('gives the same llm records for runs played at once as for runs played one at a time', async () => {
    const alone = await benchRunner(spec);
    const oneByOne = [];
    for (const seed of spec.seeds) oneByOne.push(strip(await alone(1, seed)));
    const shared = await benchRunner(spec);
    const atOnce = (await Promise.all(spec.seeds.map((seed) => shared(1, seed)))).map(strip);
    expect(atOnce).toEqual(oneByOne);
  }, 60_000);
});
