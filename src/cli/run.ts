import { parseArgs } from 'node:util';
import { nodeSandbox } from '../adapters/node-sandbox';
import { createSwarmApi } from '../api/api';
import { isSwarmApiError } from '../api/errors';
import type { SwarmTask } from '../api/types';
import { UsageError, wholeNumber } from './errors';
import { MAX_SEED } from './limits';

type Print = (text: string) => void;

export const runHelp = `swarm run --scenario ID [--seed N] [--size N] [--policy P] [--profile P] [--json]

Runs one task scenario on the simulated provider through the swarm control API (docs/api.md: the
same create, events and wait a program or the page calls) and prints each task as it ends, any
anomaly the self-healing loop saw, and the run's metrics.

  --scenario ID   wide-search | deep-search | mixed-coding | write-story | teach-explain | rag-qa |
                  compare-options
  --seed N        the instance (default 1)
  --size N        rows, hops, functions… (the scenario's default)
  --policy P      serial | heuristic | critical-path | peers | fixed:… (default heuristic)
  --profile P     small | medium | large: every agent's
  --json          print the final status as one JSON document`;

export async function run(argv: string[], out: Print): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      scenario: { type: 'string' },
      seed: { type: 'string' },
      size: { type: 'string' },
      policy: { type: 'string' },
      profile: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  if (values.scenario === undefined) throw new UsageError('--scenario ID is required');
  const task = {
    scenario: values.scenario,
    seed: wholeNumber('seed', values.seed, 1, 0, MAX_SEED),
    ...(values.size !== undefined ? { size: wholeNumber('size', values.size, 0, 0) } : {}),
    ...(values.policy !== undefined ? { policy: values.policy } : {}),
    ...(values.profile !== undefined ? { profile: values.profile } : {}),
  } as SwarmTask;
  const api = createSwarmApi({ ports: { sandbox: nodeSandbox } });
  let id: string;
  try {
    id = await api.create(task);
  } catch (error) {
    // The API names the field; the CLI says it as a usage error.
    if (isSwarmApiError(error))
      throw new UsageError(`${error.field ? `--${error.field}: ` : ''}${error.message}`);
    throw error;
  }
  for await (const event of api.events(id)) {
    if (values.json) continue;
    if (event.type === 'task.finished') out(`t=${event.t} ${event.task} done (attempt ${event.attempt})`);
    if (event.type === 'task.failed') out(`t=${event.t} ${event.task} failed: ${event.error}`);
    if (event.type === 'anomaly.detected')
      out(`t=${event.t} ${event.subagent}: ${event.kind} — ${event.evidence}`);
  }
  const status = await api.wait(id);
  if (values.json) {
    out(JSON.stringify(status));
    return;
  }
  const m = status.metrics as unknown as Readonly<Record<string, number | undefined>>;
  const f = (x: number | undefined) =>
    x === undefined ? '—' : Number.isInteger(x) ? String(x) : x.toFixed(3);
  out(
    `${status.state}: critical steps ${f(m.criticalSteps)}, quality ${f(m.quality)}, tool calls ${f(m.toolCalls)}, cost ${f(m.cost)}`,
  );
}
