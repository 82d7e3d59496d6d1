import { nodeSandbox } from '../adapters/node/node-sandbox';
import { replayProvider, replayThen } from '../core/providers/replay';
import { LLM_POLICY } from '../core/request/policy-name';
import { decisionWords, forkRun, prefixAttempts } from '../core/run/fork';
import type { PlayMode } from '../core/trace/events';
import { encodeTrace } from '../core/trace/jsonl';
import { SIMULATED } from '../core/trace/simulated-id';
import { cliProvider } from './cli-provider';
import { UsageError } from './errors';
import { defineCommand, helpText, parseFlags } from './flags';
import { policyForms, resolvePolicy } from './policy-file';
import { providerChoicesWords, providerFlags } from './provider-flags';
import { readRecordedRun } from './recorded-run';
import { checkOutputs, writeFile } from './safe-write';

type Print = (text: string) => void;

export const forkTable = defineCommand({
  name: 'fork',
  usage: [
    'fork --trace FILE.jsonl --at STEP --policy P [--provider KIND [its flags]] [--out FILE.jsonl] [--json]',
  ],
  about:
    "Forks a run at one orchestrator decision: makes the run again from its trace (same scenario, seed, size and settings; checked against the trace event by event), then once more with P deciding from step STEP on, and prints the two side by side: critical steps, cost, quality and reward, and the first decision where they differ. Everything before STEP is the original's, so the prefix is identical. A run on a real model (an endpoint, WebLLM) is made again from its recorded replies (as swarm replay does), the orchestrator's included when it was llm; after the fork the attempts ask --provider: the simulated model, or any provider of the registry with its own flags.",
  flags: [
    {
      name: 'trace',
      type: 'string',
      value: 'FILE',
      required: true,
      help: "a run's trace (bench --trace-dir, route --run --trace, run --trace, the page's download)",
    },
    {
      name: 'at',
      type: 'whole',
      value: 'STEP',
      min: 1,
      required: true,
      help: 'the first orchestrator step the new policy decides (1 = the whole run)',
    },
    {
      name: 'policy',
      type: 'string',
      value: 'P',
      required: true,
      help: `${policyForms} (not llm: a run forks from a model orchestrator, not to one)`,
    },
    {
      name: 'out',
      type: 'string',
      value: 'FILE',
      help: "write the forked run's trace here (written whole or not at all)",
    },
    ...providerFlags(() => undefined, {
      who: "for a run on a real model: who answers the attempts after the fork (the run's own replies answer before it)",
      noDefault: true,
    }),
    { name: 'json', type: 'boolean', help: 'print one JSON document' },
  ],
});

export const forkHelp = helpText(forkTable);

const METRICS = ['criticalSteps', 'cost', 'itemF1', 'reward', 'totalSteps'] as const;

export async function fork(argv: string[], out: Print): Promise<void> {
  const flags = parseFlags(forkTable, argv);
  const values = {
    trace: flags.trace,
    policy: flags.policy,
    out: flags.out,
    json: flags.json === true,
  };
  if (values.policy === LLM_POLICY)
    throw new UsageError(
      '--policy llm: a run forks from a model orchestrator (its replies replayed), not to one',
    );
  const at = flags.at;
  if (values.out !== undefined) checkOutputs([{ path: values.out, flag: '--out' }], [values.trace]);
  const { header, events, scenario, profiles, hashes } = await readRecordedRun(values.trace);
  const real = header.provider !== SIMULATED;
  if (real && flags.provider === undefined)
    throw new UsageError(
      `${values.trace}: the run was made on ${header.provider}; its replies answer again up to the fork, and after it --provider answers: ${providerChoicesWords()}`,
    );
  // Who answers after the fork: the registry's provider the flags name (cli-provider.ts).
  const live = scenario.type === 'task' ? (await cliProvider(flags, profiles)).provider : undefined;
  // A model orchestrator is made again over its own recorded replies, a fresh queue each time.
  const resolve =
    (name: string, flag: string, play: PlayMode = 'greedy') =>
    async () => {
      try {
        return await resolvePolicy(name, profiles, play, {
          hashes,
          // A model orchestrator is made again over its own recorded replies.
          ...(name === LLM_POLICY ? { model: replayProvider(header.provider, events) } : {}),
        });
      } catch (error) {
        throw new UsageError(`${flag}: ${(error as Error).message}`);
      }
    };
  // Both resolve before any run, so a bad name is a usage error, not a failure midway.
  await resolve(header.policy, `${values.trace}: its policy`, header.play)();
  await resolve(values.policy, '--policy')();
  let result: Awaited<ReturnType<typeof forkRun>>;
  try {
    result = await forkRun({
      header,
      events,
      scenario,
      profiles,
      original: resolve(header.policy, `${values.trace}: its policy`, header.play),
      next: resolve(values.policy, '--policy'),
      at,
      ...(scenario.type === 'task' && live
        ? {
            // A simulated run is made again by the simulator; a real one from its replies, and
            // its fork from them up to the fork step, then by --provider.
            provider: real ? replayProvider(header.provider, events) : live,
            ...(real
              ? {
                  forkProvider: replayThen(
                    replayProvider(header.provider, events),
                    live,
                    prefixAttempts(events, at),
                  ),
                }
              : {}),
            ports: { sandbox: nodeSandbox },
          }
        : {}),
    });
  } catch (error) {
    if (error instanceof RangeError || /does not make the same run/.test((error as Error).message))
      throw new UsageError(`${values.trace}: ${(error as Error).message}`);
    throw error;
  }
  if (values.out !== undefined) writeFile(values.out, encodeTrace(result.fork.header, result.fork.events));
  const table = Object.fromEntries(
    METRICS.map((m) => [m, { original: result.original.metrics[m], fork: result.fork.metrics[m] }]),
  );
  if (values.json) {
    out(
      JSON.stringify(
        {
          trace: values.trace,
          at,
          original: { policy: result.original.policy, metrics: result.original.metrics },
          fork: { policy: values.policy, metrics: result.fork.metrics },
          atStep: result.atStep,
          firstDifference: result.firstDifference ?? null,
          prefixEvents: result.prefixEvents,
          quarantinedAfter: result.quarantinedAfter,
        },
        null,
        1,
      ),
    );
    return;
  }
  out(
    `${header.scenario.id} seed ${header.seed}: ${header.policy} throughout, against ${values.policy} from step ${at}`,
  );
  out(`the first ${result.prefixEvents} events are the same on both sides`);
  out(`${'metric'.padEnd(16)}${header.policy.padStart(14)}${values.policy.padStart(22)}`);
  for (const [m, v] of Object.entries(table)) {
    const f = (x: number | undefined) =>
      x === undefined ? '—' : Number.isInteger(x) ? String(x) : x.toFixed(4);
    out(`${m.padEnd(16)}${f(v.original).padStart(14)}${f(v.fork).padStart(22)}`);
  }
  if (result.quarantinedAfter > 0) {
    out(
      `the self-healing loop stopped ${result.quarantinedAfter} agent(s) of the original from step ${at} on; the fork runs that work without the loop, so part of the difference is the loop's`,
    );
  }
  const d = result.firstDifference;
  out(
    d
      ? `first decision that differs: step ${d.step} (t=${d.t}): ${decisionWords(d.original)}, against ${decisionWords(d.fork)}`
      : 'the two runs make the same decisions from the fork on',
  );
}
