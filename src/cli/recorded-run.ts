/**
 * A recorded run as `swarm fork` and `swarm replay` take it: the trace read (a usable trace, or a
 * usage error naming the line), and the scenario its header names as this build has it, with the
 * frozen profiles and their hashes.
 */

import type { RunScenario } from '../core/run/prepare';
import type { ProfileSpec } from '../core/scenarios/spec-types';
import type { TraceEvent } from '../core/trace/events';
import type { TraceHeader } from '../core/trace/header';
import { decodeTrace } from '../core/trace/jsonl';
import { UsageError } from './errors';
import { readInputFile } from './input-file';
import { profileHashes } from './policy-file';
import { readProfiles, readScenario } from './scenario-file';

export interface RecordedRun {
  readonly header: TraceHeader;
  readonly events: readonly TraceEvent[];
  readonly scenario: RunScenario;
  readonly profiles: Record<string, ProfileSpec>;
  readonly hashes: Awaited<ReturnType<typeof profileHashes>>;
}

export async function readRecordedRun(file: string): Promise<RecordedRun> {
  const decoded = decodeTrace(readInputFile(file, 'trace', undefined, true));
  if (!decoded.ok) {
    const first = decoded.problems[0];
    throw new UsageError(`${file}: not a usable trace (line ${first?.line}: ${first?.message})`);
  }
  const { header, events } = decoded;
  const profiles = readProfiles();
  const hashes = await profileHashes(profiles);
  let read: ReturnType<typeof readScenario>;
  try {
    read = readScenario(header.scenario.id, { profiles });
  } catch (error) {
    throw new UsageError(
      `${file}: its scenario "${header.scenario.id}" is not one this build has (${(error as Error).message})`,
    );
  }
  if (read.type === 'mix') throw new UsageError(`${file}: names the mix, not a scenario`);
  const scenario: RunScenario =
    read.type === 'task'
      ? { type: 'task', spec: read.spec }
      : { type: 'graph', graph: read.graph, scenario: { id: header.scenario.id, kind: 'graph' } };
  return { header, events, scenario, profiles, hashes };
}
