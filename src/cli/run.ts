import { parseArgs } from 'node:util';
import { nodeSandbox } from '../adapters/node/node-sandbox';
import { createSwarmApi } from '../api/api';
import { fileCheckpoints } from '../api/checkpoint-files';
import { isSwarmApiError } from '../api/errors';
import type { SwarmTask } from '../api/types';
import { HEALING_MODES } from '../core/request/run-request';
import { encodeTrace } from '../core/trace/jsonl';
import { UsageError, wholeNumber } from './errors';
import { kindChoices } from './help-text';
import { readInputFile } from './input-file';
import { MAX_SEED } from './limits';
import { checkOutputs, writeFiles } from './safe-write';

type Print = (text: string) => void;

export const runHelp = `swarm run --scenario ID [--seed N] [--size N] [--policy P] [--profile P] [options]
swarm run --request FILE [--trace FILE] [--json]

Runs one task scenario on the simulated provider through the swarm control API (docs/api.md: the
same create, events and wait a program or the page calls) and prints each task as it ends, any
anomaly the self-healing loop saw, and the run's metrics.

  --request FILE  a run request (docs/api.md, "A run request"): the same JSON the API's create
                  takes and the page opens as #request=…; it gives the whole run, so it is not
                  combined with the flags that set one
  --scenario ID   ${kindChoices(18)}
  --seed N        the instance (default 1)
  --size N        rows, hops, functions… (the scenario's default)
  --policy P      serial | heuristic | critical-path | peers | llm | fixed:… | parl:FILE |
                  bandit:FILE (default heuristic)
  --profile P     small | medium | large: every agent's
  --healing M     on (default) | detect | off: the self-healing loop
  --trace FILE    also write the run's trace (JSONL), as the page's download and bench --trace-dir
  --json          print the final status as one JSON document`;

/** The flags that each set one field of the run; --request gives them all. */
const FIELD_FLAGS = ['scenario', 'seed', 'size', 'policy', 'profile', 'healing'] as const;

/** The run request these flags say: a file's JSON, or one built from the flags. */
function requestOf(values: Readonly<Record<string, string | boolean | undefined>>): unknown {
  const file = values.request as string | undefined;
  if (file !== undefined) {
    const also = FIELD_FLAGS.filter((f) => values[f] !== undefined);
    if (also.length > 0)
      throw new UsageError(
        `--request ${file} gives the whole run; drop ${also.map((f) => `--${f}`).join(', ')} (or set it in the file)`,
      );
    const text = readInputFile(file, 'run request', 1 << 20);
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new UsageError(`${file}: the run request is not JSON (${(error as Error).message})`);
    }
  }
  if (values.scenario === undefined) throw new UsageError('--scenario ID or --request FILE is required');
  const healing = values.healing as string | undefined;
  if (healing !== undefined && !(HEALING_MODES as readonly string[]).includes(healing))
    throw new UsageError(`--healing: healing must be one of ${HEALING_MODES.join(', ')}, not "${healing}"`);
  return {
    scenario: values.scenario,
    seed: wholeNumber('seed', values.seed as string | undefined, 1, 0, MAX_SEED),
    ...(values.size !== undefined ? { size: wholeNumber('size', values.size as string, 0, 0) } : {}),
    ...(values.policy !== undefined ? { policy: values.policy } : {}),
    ...(values.profile !== undefined ? { profile: values.profile } : {}),
    ...(healing !== undefined ? { healing } : {}),
  };
}

export async function run(argv: string[], out: Print): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      request: { type: 'string' },
      scenario: { type: 'string' },
      seed: { type: 'string' },
      size: { type: 'string' },
      policy: { type: 'string' },
      profile: { type: 'string' },
      healing: { type: 'string' },
      trace: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const request = requestOf(values);
  const traceFile = values.trace;
  if (traceFile !== undefined)
    checkOutputs([{ path: traceFile, flag: '--trace' }], values.request ? [values.request] : []);
  const api = createSwarmApi({ ports: { sandbox: nodeSandbox }, checkpoints: fileCheckpoints });
  let id: string;
  try {
    id = await api.create(request as SwarmTask);
  } catch (error) {
    // The API names the field; the CLI says it as a usage error, of the file when there is one.
    if (isSwarmApiError(error)) {
      const where = values.request
        ? `${values.request}: `
        : error.field
          ? `--${error.field.split('.')[0]}: `
          : '';
      throw new UsageError(`${where}${error.message}`);
    }
    throw error;
  }
  const events = [];
  for await (const event of api.events(id)) {
    const { run: _index, ...own } = event;
    events.push(own);
    if (values.json) continue;
    if (event.type === 'task.finished') out(`t=${event.t} ${event.task} done (attempt ${event.attempt})`);
    if (event.type === 'task.failed') out(`t=${event.t} ${event.task} failed: ${event.error}`);
    if (event.type === 'anomaly.detected')
      out(`t=${event.t} ${event.subagent}: ${event.kind} — ${event.evidence}`);
  }
  const status = await api.wait(id);
  const header = status.runs[0]?.header;
  if (traceFile !== undefined && header) writeFiles([{ path: traceFile, text: encodeTrace(header, events) }]);
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
