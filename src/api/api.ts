/**
 * The swarm control API: the one implementation behind the library build (index.ts), and later
 * the page's `window.swarmflight` and its iframe bridge, which differ only in the host they pass
 * (a code sandbox, how many runs may go at once). docs/api.md is its manual.
 */

import type { SubagentSetup } from '../core/run/prepare';
import type { SubagentPool } from '../core/runtime/pool';
import type { Clock } from '../core/runtime/ports';
import type { ProfileSpec } from '../core/scenarios/spec-types';
import type { ScenarioPorts } from '../core/scenarios/types';
import { type Analysis, type AnalyzeOptions, analyzeTrace } from './analyze';
import { SwarmApiError } from './errors';
import { RunSlots } from './slots';
import { Swarm } from './swarm';
import type { AgentInfo, SwarmEvent, SwarmId, SwarmOptions, SwarmStatus, SwarmTask } from './types';
import { type CheckpointSource, type ProviderFactories, readOptions, readyTask } from './validate';

export interface SwarmApi {
  /** Starts a swarm on `task`; resolves with its id once the task is checked and queued. */
  create(task: SwarmTask, options?: SwarmOptions): Promise<SwarmId>;
  /** Where the swarm is: its state, its tasks, its metrics so far. */
  status(id: SwarmId): Promise<SwarmStatus>;
  /** Queues another task on the swarm; resolves with the task's index in it. */
  submit(id: SwarmId, task: SwarmTask): Promise<number>;
  /** Every agent of every run of the swarm, as its trace tells so far. */
  agents(id: SwarmId): Promise<AgentInfo[]>;
  /** Aborts all the swarm's work; resolves with its final status once every task has ended. */
  terminate(id: SwarmId): Promise<SwarmStatus>;
  /**
   * The swarm's trace events: those so far, then each new one; ends when the swarm finishes.
   * Throws at once (not on the first read) for an unknown id.
   */
  events(id: SwarmId): AsyncIterable<SwarmEvent>;
  /** Resolves with the final status once every task of the swarm has ended. */
  wait(id: SwarmId): Promise<SwarmStatus>;
  /** The ids of the swarms this instance knows, oldest first. */
  list(): SwarmId[];
  /**
   * Asks a model about one run of the swarm (`options.run`, default 0): its trace's summary, the
   * question and a picture (default: the run's DAG with its realized critical path) go to the
   * model; resolves with the answer as an `Analysis`. Refused before any call: docs/api.md.
   */
  analyze(id: SwarmId, options: AnalyzeOptions): Promise<Analysis>;
}

export interface SwarmApiHost {
  /** What the scenarios' tools need from the host: a code sandbox for `mixed-coding`. */
  readonly ports?: ScenarioPorts;
  /** Runs that may go at once across all swarms; more wait in line. @default 8 */
  readonly maxConcurrentRuns?: number;
  readonly clock?: Clock;
  /** Milliseconds since the epoch. @default Date.now */
  readonly now?: () => number;
  /** Where trained policies' checkpoints come from (`policy: 'parl:REF'`); none by default. */
  readonly checkpoints?: CheckpointSource;
  /**
   * Where a task run's subagent attempts run: a pool made for the run (the CLI's `--redis` gives
   * one on BullMQ, whose workers are on other machines), closed when the run ends. Without it,
   * attempts run in this thread. A run in a pool runs without the self-healing loop, which
   * watches attempts in this thread.
   */
  readonly pool?: (setup: SubagentSetup, capacity: number) => Promise<SubagentPool>;
  /**
   * The real models this host runs (`provider: {kind: 'openai', endpoint, model}`); without one,
   * only the simulated model runs and a request for another is refused by name.
   */
  readonly providers?: ProviderFactories;
  /**
   * The frozen profiles every run uses (a profiles file, checked by parseProfiles: the CLI's
   * `swarm run --profiles`): their prices, limits and models. A trained policy plays under them
   * as `swarm bench --profiles` lets it: refused when a profile changed since its training, except
   * in prices for a policy trained to read them. @default the repository's scenarios/profiles.json
   */
  readonly profiles?: Readonly<Record<string, ProfileSpec>>;
  /**
   * An SVG document to PNG bytes (Node: resvg, adapters/node/svg-to-png.ts; the page: an image on
   * a canvas): how `analyze` draws a run's default picture. Without it, `analyze` needs `image`.
   */
  readonly rasterize?: (svg: string) => Promise<Uint8Array>;
}

const realClock: Clock = { now: () => performance.now() };

export function createSwarmApi(host: SwarmApiHost = {}): SwarmApi {
  const swarms = new Map<SwarmId, Swarm>();
  const ports = host.ports ?? {};
  const swarmHost = {
    ports,
    slots: new RunSlots(host.maxConcurrentRuns ?? 8),
    clock: host.clock ?? realClock,
    now: host.now ?? (() => Date.now()),
    ...(host.pool ? { pool: host.pool } : {}),
  };
  const taskHost = {
    ports,
    ...(host.checkpoints ? { checkpoints: host.checkpoints } : {}),
    ...(host.providers ? { providers: host.providers } : {}),
    ...(host.profiles ? { profiles: host.profiles } : {}),
  };
  let made = 0;

  const get = (id: SwarmId): Swarm => {
    const swarm = typeof id === 'string' ? swarms.get(id) : undefined;
    if (!swarm) throw new SwarmApiError('unknown-swarm', `no swarm "${String(id)}"`, 'id');
    return swarm;
  };

  return {
    async create(task, options) {
      // Everything is checked before the swarm exists: a refused call leaves no trace of itself.
      const normal = readOptions(options);
      const ready = await readyTask(task, taskHost, normal);
      const swarm = new Swarm(`swarm-${++made}`, normal, swarmHost);
      swarms.set(swarm.id, swarm);
      swarm.add(ready);
      return swarm.id;
    },
    async status(id) {
      return get(id).status();
    },
    async submit(id, task) {
      const swarm = get(id);
      swarm.assertOpen();
      const ready = await readyTask(task, taskHost, swarm.options);
      // Checked again: the swarm may have finished or been terminated while the task was checked.
      return swarm.add(ready);
    },
    async agents(id) {
      return get(id).agents();
    },
    async terminate(id) {
      const swarm = get(id);
      await swarm.terminate();
      return swarm.status();
    },
    events(id) {
      return get(id).events();
    },
    async wait(id) {
      const swarm = get(id);
      await swarm.finished();
      return swarm.status();
    },
    list() {
      return [...swarms.keys()];
    },
    async analyze(id, options) {
      const swarm = get(id);
      const run = options?.run ?? 0;
      const trace = swarm.trace(run);
      if (!trace)
        throw new SwarmApiError(
          'invalid-analysis',
          `swarm ${swarm.id} has no run ${String(run)} that has started (its runs: 0 to ${swarm.status().runs.length - 1})`,
          'run',
        );
      return analyzeTrace(trace, options, {
        ...(host.providers ? { providers: host.providers } : {}),
        ...(host.rasterize ? { rasterize: host.rasterize } : {}),
        now: swarmHost.now,
      });
    },
  };
}
