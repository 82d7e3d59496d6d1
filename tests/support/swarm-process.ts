/**
 * The `swarm` CLI as a process of its own (node --import tsx src/cli/main.ts), for tests that
 * signal or kill it: a worker of a sweep across machines, a launcher.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** This checkout's root. */
const repo = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Where a process runs: `root`, the checkout whose src/cli/main.ts it runs (default this one; a
 * copy of the tree makes a worker of another build), and `cwd`, its working directory (default
 * the test's: a worker elsewhere cannot read the launcher's relative paths).
 */
export interface Where {
  readonly root?: string;
  readonly cwd?: string;
}

export interface SwarmProcess {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves when stderr has printed text matching `pattern`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** Resolves with the exit code (null when a signal ended it) and the signal. */
  exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startSwarm(
  args: readonly string[],
  env: Record<string, string> = {},
  where: Where = {},
): SwarmProcess {
  const root = where.root ?? repo;
  // tsx by its file: `--import tsx` is resolved from the working directory.
  const tsx = pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href;
  const child = spawn(process.execPath, ['--import', tsx, join(root, 'src/cli/main.ts'), ...args], {
    env: { ...process.env, ...env },
    ...(where.cwd !== undefined ? { cwd: where.cwd } : {}),
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (d) => {
    out += String(d);
  });
  child.stderr?.on('data', (d) => {
    err += String(d);
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited: () => exit,
    waitFor: (pattern, timeoutMs = 30_000) =>
      new Promise((resolve, reject) => {
        const started = Date.now();
        const check = () => {
          if (pattern.test(err)) return resolve();
          if (child.exitCode !== null || child.signalCode !== null)
            return reject(new Error(`swarm ${args[0]} exited before printing ${pattern}: ${err}`));
          if (Date.now() - started > timeoutMs)
            return reject(
              new Error(`swarm ${args[0]} did not print ${pattern} within ${timeoutMs} ms: ${err}`),
            );
          setTimeout(check, 50);
        };
        check();
      }),
  };
}

/** `swarm worker` on the Redis at `url`, ready (it has said which queues it takes) when this resolves. */
export async function startWorker(
  url: string,
  extra: readonly string[] = [],
  env: Record<string, string> = {},
  where: Where = {},
): Promise<SwarmProcess> {
  const worker = startSwarm(['worker', '--redis', url, '--lock-ms', '1000', ...extra], env, where);
  await worker.waitFor(/taking .* jobs from/);
  return worker;
}

/** Stops a process if it still runs, and waits for it. */
export async function stopProcess(p: SwarmProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill(signal);
  return p.exited();
}
