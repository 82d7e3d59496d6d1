/**
 * How a worker names itself to Redis: host, process and build, in the client name of each of its
 * BullMQ connections (BullMQ's worker `name`), so that `swarm queue status` can say which workers
 * are connected to which queue and what they run (queue-view.ts).
 */

import { buildIdentity } from './build-identity';

export interface WorkerIdentity {
  readonly host: string;
  readonly pid: number;
  readonly build: string;
}

/**
 * The worker's name: `HOST:PID:BUILD`. A Redis client name takes no spaces or newlines, so any in
 * the build identity become `_`.
 */
export function workerName(host: string, pid: number, build: string = buildIdentity()): string {
  const safe = (text: string) => text.replace(/[\s]+/g, '_');
  return `${safe(host)}:${pid}:${safe(build)}`;
}

/** A worker's name as workerName made it, or undefined for a client named otherwise. */
export function identityOf(name: string): WorkerIdentity | undefined {
  const match = /^([^:]+):(\d+):(.+)$/.exec(name);
  if (!match) return undefined;
  return { host: match[1] as string, pid: Number(match[2]), build: match[3] as string };
}
