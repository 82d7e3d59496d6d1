/**
 * `swarm worker --redis URL`: a process that takes sweep jobs from Redis until it is stopped
 * (docs/scale-out.md). SIGTERM or SIGINT stops it cleanly: it takes no new job, finishes the ones
 * it holds, and exits 0; a worker killed outright loses its jobs' locks, and another takes them
 * again once the lock has expired (--lock-ms).
 */

import { hostname } from 'node:os';
import type { Worker } from 'bullmq';
import { openai } from '../providers/openai/provider';
import { cliProvider } from './cli-provider';
import { UsageError } from './errors';
import { defineCommand, helpText, parseFlags } from './flags';
import { jobLog, LOG_FORMATS, takenOver } from './scale-out/job-log';
import { ParsedWorker } from './scale-out/parsed-worker';
import { lastingConnection, lastingOptions, probeRedis } from './scale-out/redis-connect';
import { redisServerFlag, redisTarget, scrub } from './scale-out/redis-url';
import { serveSubagents } from './scale-out/subagent-serve';
import { sweepProcessor } from './scale-out/sweep-job';
import { ATTEMPTS, PREFIX, QUEUES, type QueueName, SWEEP_VERSION } from './scale-out/sweep-protocol';
import { trainProcessor } from './scale-out/train-job';
import { TRAIN_QUEUE } from './scale-out/train-protocol';
import { workerName } from './scale-out/worker-identity';

export const workerTable = defineCommand({
  name: 'worker',
  usage: [
    'worker --redis URL [--concurrency N] [--queues bench,train,subagents] [--pace MS | --endpoint URL [--model NAME]] [--lock-ms MS] [--log text|json]',
  ],
  about:
    "Takes jobs from the Redis server at URL until it is stopped: a sweep's runs (one policy × seed of `swarm bench`, `grid` or `chaos` with --redis), a training's episodes (`swarm train --redis`), a swarm run's subagent attempts (`swarm run --redis`). SIGTERM finishes the jobs it holds and exits 0. Run one per core, on any machine that reaches the server, from the same version as the launcher (docs/scale-out.md).",
  flags: [
    redisServerFlag,
    {
      name: 'concurrency',
      type: 'whole',
      value: 'N',
      min: 1,
      max: 64,
      default: 1,
      help: 'jobs at once in this process (runs are CPU-bound: start one worker per core rather than raise this)',
    },
    {
      name: 'queues',
      type: 'string',
      value: 'A,B,…',
      default: 'bench',
      help: `the queues to take jobs from (${QUEUES.join(', ')})`,
    },
    {
      name: 'pace',
      type: 'whole',
      value: 'MS',
      min: 0,
      max: 600_000,
      help: "subagents queue: real milliseconds per second of the simulated model's time, as the page's pace (default: as fast as it goes)",
      appliesUnless: (values) =>
        String(values.queues ?? '')
          .split(',')
          .map((q) => q.trim())
          .includes('subagents')
          ? undefined
          : 'it paces the simulated model of the subagents queue: add subagents to --queues',
    },
    {
      name: 'endpoint',
      type: 'string',
      value: 'URL',
      help: "subagents queue: the model this worker's subagents call, an OpenAI-compatible endpoint near it (a model server on this machine, say; its key in SWARM_API_KEY); default: the seeded simulated model",
      appliesUnless: (values) =>
        !String(values.queues ?? '')
          .split(',')
          .map((q) => q.trim())
          .includes('subagents')
          ? "it is the subagents' model: add subagents to --queues"
          : values.pace !== undefined
            ? '--pace paces the simulated model; a model behind an endpoint takes its own time'
            : undefined,
    },
    {
      name: 'model',
      type: 'string',
      value: 'NAME',
      help: "with --endpoint: the model to ask for (default: the endpoint's first)",
      appliesUnless: (values) =>
        values.endpoint === undefined ? "it names the endpoint's model: give --endpoint URL" : undefined,
    },
    {
      name: 'lock-ms',
      type: 'whole',
      value: 'MS',
      min: 200,
      max: 600_000,
      default: 30_000,
      help: "how long a job's lock lasts without renewal, and how often stalled jobs are looked for: a killed worker's job is taken again after about this long",
    },
    {
      name: 'log',
      type: 'choice',
      value: 'F',
      choices: [...LOG_FORMATS],
      default: 'text',
      help: 'each finished try of a job, one line on stdout (queue, sweep, policy, seed, try, duration, outcome): text for people, json for machines (one object a line)',
    },
  ],
});

export const workerHelp = helpText(workerTable);

export function queuesOf(raw: string): QueueName[] {
  const names = raw.split(',').map((n) => n.trim());
  for (const name of names) {
    if ((QUEUES as readonly string[]).includes(name)) continue;
    throw new UsageError(`--queues: "${name}" is not a queue this worker serves (${QUEUES.join(', ')})`);
  }
  return [...new Set(names)] as QueueName[];
}

export async function worker(
  argv: string[],
  out: (text: string) => void,
  err: (text: string) => void,
): Promise<void> {
  const flags = parseFlags(workerTable, argv);
  const target = redisTarget(flags.redis);
  const queues = queuesOf(flags.queues);
  const concurrency = flags.concurrency;
  const lockMs = flags['lock-ms'];
  await probeRedis(target);
  const id = `${hostname()}:${process.pid}`;
  const say = (text: string) => err(scrub(text, target));
  // Notices said once: a refusal repeats for every job of a sweep of another version.
  const said = new Set<string>();
  const note = (text: string) => {
    if (said.has(text)) return;
    // Bounded: jobs pushed by hand are noted one by one, and there may be many.
    if (said.size >= 1000) said.clear();
    said.add(text);
    say(text);
  };
  const redis = lastingConnection(target);
  let lastError = 0;
  let jobs = 0;
  const log = jobLog({ worker: id, format: flags.log, redis, print: out });
  const options = {
    connection: lastingOptions(target),
    prefix: PREFIX,
    // Host, process and build, for `swarm queue status` (worker-identity.ts).
    name: workerName(hostname(), process.pid),
    concurrency,
    lockDuration: lockMs,
    stalledInterval: lockMs,
    // A job whose worker dies on it every time is given up after as many tries as one that throws.
    maxStalledCount: ATTEMPTS - 1,
  };
  // One BullMQ Worker a queue: a sweep's runs, a training's episodes, a swarm run's attempts.
  const served: { worker: Worker; close(force?: boolean): Promise<void> }[] = [];
  for (const queue of queues) {
    if (queue === 'subagents') {
      // Its own settings (an attempt is never run again by BullMQ: the run's runtime retries it).
      const paceMs = flags.pace;
      const endpoint = flags.endpoint;
      const model = flags.model;
      // The endpoint's provider, made once through the registry's factory (its flags are this
      // command's own: --endpoint and --model): a bad URL is refused before any job is taken.
      const real =
        endpoint !== undefined
          ? (
              await cliProvider(
                { provider: openai.id, endpoint, ...(model !== undefined ? { model } : {}) },
                {},
              )
            ).provider
          : undefined;
      served.push(
        await serveSubagents(target, {
          id,
          name: options.name,
          concurrency,
          lockMs,
          ...(paceMs !== undefined ? { paceMs } : {}),
          ...(real !== undefined ? { providerFor: () => real } : {}),
        }),
      );
      continue;
    }
    const w =
      queue === 'train'
        ? new ParsedWorker(TRAIN_QUEUE, trainProcessor(redis, id, note), options)
        : new ParsedWorker('bench', sweepProcessor(redis, id, note), options);
    served.push({ worker: w, close: (force) => w.close(force) });
  }
  for (const { worker: w } of served) {
    w.on('completed', (job, result) => {
      jobs += 1;
      void log.completed(w.name, job, result);
    });
    w.on('failed', (job, error) => void log.failed(w.name, job, error));
    // Connection trouble (a restarting server) is said at most every 5 s, not once a retry; a job
    // taken over is said each time, as what it is.
    w.on('error', (error) => {
      const job = takenOver(error);
      if (job !== undefined) return say(`worker ${id}: ${job}`);
      if (Date.now() - lastError < 5000) return;
      lastError = Date.now();
      say(`worker ${id}: Redis: ${error.message} (retrying)`);
    });
  }
  say(
    `worker ${id}: taking ${queues.join(', ')} jobs from ${target.shown}, ${concurrency} at once (${SWEEP_VERSION})`,
  );
  // A last guard: a promise of a job that rejects with nothing awaiting it would end the process
  // (Node's default) and every job it holds; it is said, and the job fails on its own.
  process.on('unhandledRejection', (reason) => {
    say(
      `worker ${id}: an error no job awaited: ${(reason as Error)?.message?.split('\n')[0] ?? String(reason)}`,
    );
  });
  await new Promise<void>((resolve) => {
    let stopping = false;
    // A connection that fails while closing (a TLS socket torn down mid-handshake, say) is no
    // reason to exit 1: the jobs are finished or returned either way. It is said, and the worker stops.
    const closeAll = (force: boolean) =>
      void Promise.all(served.map((w) => w.close(force)))
        .catch((error: Error) => say(`worker ${id}: while stopping: ${error.message}`))
        .then(() => resolve());
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) {
        // A second signal: stop now; the jobs held are taken again when their locks expire.
        say(`worker ${id}: ${signal} again: stopping without finishing its jobs`);
        closeAll(true);
        return;
      }
      stopping = true;
      say(`worker ${id}: ${signal}: finishing the jobs it holds, then stopping`);
      closeAll(false);
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
  // Once stopped, a socket still closing may report an error through one of BullMQ's connections,
  // whose listeners closed with it ('Connection is closed', or over TLS an SSL alert): uncaught, it
  // turned a clean stop into exit code 1. Every job was finished or returned by now, so such an
  // error is said, not fatal.
  process.on('uncaughtException', (error) => {
    say(`worker ${id}: after stopping: ${error.message.split('\n')[0]}`);
  });
  redis.disconnect();
  say(`worker ${id}: stopped after ${jobs} job${jobs === 1 ? '' : 's'}`);
}
