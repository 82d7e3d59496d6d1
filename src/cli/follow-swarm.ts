/**
 * A swarm the CLI started through the swarm API, followed to its end: each task printed as it ends
 * (and any anomaly the self-healing loop saw), then its events as the trace keeps them, its header,
 * its final status and the answer it graded. `swarm run` and `swarm route --run --provider` share it.
 */
import type { SwarmApi } from '../api/api';
import type { SwarmStatus } from '../api/types';
import type { TraceEvent } from '../core/trace/events';
import type { TraceHeader } from '../core/trace/header';

export interface FollowedSwarm {
  readonly status: SwarmStatus;
  readonly header: TraceHeader | undefined;
  /** The run's events, without the swarm's run index. */
  readonly events: TraceEvent[];
  /** What `run.graded` handed the user, if the run was graded with an answer. */
  readonly answer: string | undefined;
}

export async function followSwarm(
  api: SwarmApi,
  id: string,
  print: (line: string) => void,
): Promise<FollowedSwarm> {
  const events: TraceEvent[] = [];
  for await (const event of api.events(id)) {
    const { run: _index, ...own } = event;
    events.push(own as TraceEvent);
    if (event.type === 'task.finished') print(`t=${event.t} ${event.task} done (attempt ${event.attempt})`);
    if (event.type === 'task.failed') print(`t=${event.t} ${event.task} failed: ${event.error}`);
    if (event.type === 'anomaly.detected')
      print(`t=${event.t} ${event.subagent}: ${event.kind} — ${event.evidence}`);
  }
  const status = await api.wait(id);
  const graded = events.find((e) => e.type === 'run.graded');
  return {
    status,
    header: status.runs[0]?.header,
    events,
    answer: graded?.type === 'run.graded' ? graded.answer : undefined,
  };
}
