/**
 * `swarm replay`: a recorded run made again from its own replies, with no model (core/run/replay.ts),
 * and checked against its trace event by event. With `--check` a run that comes out otherwise is a
 * failure (exit 1) naming the first event that differs: a recorded real-model run is a regression
 * test of the code that decides from the model's replies.
 */

import { nodeSandbox } from '../adapters/node/node-sandbox';
import { type ReplayResult, replayRun } from '../core/run/replay';
import type { TraceEvent } from '../core/trace/events';
import { encodeTrace } from '../core/trace/jsonl';
import { ReportedFailure, UsageError } from './errors';
import { defineCommand, helpText, parseFlags } from './flags';
import { resolvePolicy } from './policy-file';
import { readRecordedRun } from './recorded-run';
import { checkOutputs, writeFile } from './safe-write';

type Print = (text: string) => void;

export const replayTable = defineCommand({
  name: 'replay',
  usage: ['replay --trace FILE.jsonl [--check] [--out FILE.jsonl] [--json]'],
  about:
    "Makes a recorded run again from its own trace, with no model: every agent's replies (the orchestrator's too) come from the trace's llm.turn and tool.call events, the run's scenario, seed and settings from its header, and the self-healing loop's interventions are replayed. Says whether the run comes out the same, event by event (wall-clock times aside), and if not, the first event that differs. Works for runs on a real model (an endpoint, WebLLM) and on the simulated one.",
  flags: [
    {
      name: 'trace',
      type: 'string',
      value: 'FILE',
      required: true,
      help: "a run's trace (run --trace, route --run --trace, bench --trace-dir, the page's download)",
    },
    {
      name: 'check',
      type: 'boolean',
      help: 'exit 1 when the run comes out otherwise: a recorded run as a regression test',
    },
    { name: 'out', type: 'string', value: 'FILE', help: 'write the remade trace here' },
    { name: 'json', type: 'boolean', help: 'print one JSON document' },
  ],
});

export const replayHelp = helpText(replayTable);

const where = (e: TraceEvent | undefined) =>
  e ? `${e.type} at step-time ${e.t}` : 'nothing (the run ended)';

export async function replay(argv: string[], out: Print): Promise<void> {
  const flags = parseFlags(replayTable, argv);
  const file = flags.trace;
  const outFile = flags.out;
  if (outFile !== undefined) checkOutputs([{ path: outFile, flag: '--out' }], [file]);
  const recorded = await readRecordedRun(file);
  const { header, events, profiles, hashes } = recorded;
  if (!events.some((e) => e.type === 'llm.turn') && recorded.scenario.type === 'task')
    throw new UsageError(`${file}: the trace holds no model replies (llm.turn events) to replay`);
  let result: ReplayResult;
  try {
    result = await replayRun({
      header,
      events,
      scenario: recorded.scenario,
      profiles,
      policy: async (provider) => {
        try {
          // A run played by sampling is made again by sampling: its draws are keyed by its seed.
          return await resolvePolicy(header.policy, profiles, header.play ?? 'greedy', {
            hashes,
            model: provider,
          });
        } catch (error) {
          throw new UsageError(`${file}: its policy: ${(error as Error).message}`);
        }
      },
      ...(recorded.scenario.type === 'task' ? { ports: { sandbox: nodeSandbox } } : {}),
    });
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new ReportedFailure(`${file}: the run could not be made again: ${(error as Error).message}`);
  }
  if (outFile !== undefined) writeFile(outFile, encodeTrace(result.remade.header, result.remade.events));
  const d = result.difference;
  const summary = {
    trace: file,
    provider: header.provider,
    policy: header.policy,
    events: events.length,
    remadeEvents: result.remade.events.length,
    identical: d === undefined,
    firstDifference: d
      ? { event: d.index + 1, recorded: d.recorded ?? null, remade: d.remade ?? null }
      : null,
    unusedReplies: result.unused,
    missingReplies: result.missing,
  };
  if (flags.json) out(JSON.stringify(summary, null, 1));
  else {
    out(
      `${header.scenario.id} seed ${header.seed} on ${header.provider} (${header.policy}): ${result.remade.events.length} events remade from the trace's replies`,
    );
    out(
      d
        ? `differs at event ${d.index + 1}: recorded ${where(d.recorded)}, remade ${where(d.remade)}`
        : 'identical to the recorded run, event by event (wall-clock times aside)',
    );
    if (result.missing.length > 0)
      out(`asked for replies the trace does not have: ${[...new Set(result.missing)].join(', ')}`);
  }
  if (flags.check && d)
    throw new ReportedFailure(
      `${file}: today's code makes another run from the same replies: event ${d.index + 1} was ${where(d.recorded)}, is ${where(d.remade)}`,
    );
}
