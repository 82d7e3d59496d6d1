import { fileCheckpoints } from '../adapters/node/checkpoint-file';
import { nodeProviders } from '../adapters/node/node-providers';
import { nodeSandbox } from '../adapters/node/node-sandbox';
import { createSwarmApi } from '../api/api';
import { isSwarmApiError } from '../api/errors';
import type { SwarmTask } from '../api/types';
import { DEFAULT_POLICY, DEFAULT_SEED } from '../core/request/defaults';
import { policyForms } from '../core/request/policy-name';
import { HEALING_MODES, MAX_SEED } from '../core/request/run-request';
import type { SubagentSetup } from '../core/run/prepare';
import { KIND_IDS } from '../core/scenarios/registry';
import { PLAY_MODES } from '../core/trace/events';
import { encodeTrace } from '../core/trace/jsonl';
import { openai } from '../providers/openai/provider';
import { UsageError } from './errors';
import { defineCommand, type FlagValue, type FlagValues, helpText, parseFlags } from './flags';
import { followSwarm } from './follow-swarm';
import { readInputFile } from './input-file';
import { preferenceFlag, preferenceOfFlags } from './preference-flags';
import { flagOfField, providerFlags, providerOfFlags } from './provider-flags';
import { checkOutputs, writeFiles } from './safe-write';
import { PASSWORD_ENV } from './scale-out/redis-url';
import { readProfiles } from './scenario-file';
import { forTerminal } from './terminal-text';

type Print = (text: string) => void;

/** When a run request file is given, it says the whole run: these flags would be ignored beside it. */
const inRequest = (values: Readonly<Record<string, FlagValue>>) =>
  values.request !== undefined
    ? `--request ${values.request} gives the whole run (set it in the file)`
    : undefined;

export const runTable = defineCommand({
  name: 'run',
  usage: [
    'run --scenario ID [--seed N] [--size N] [--policy P] [--profile P] [--profiles FILE] [--healing M] [--preference COST,TIME] [--provider KIND [its flags]] [--trace FILE] [--json]',
    'run --request FILE [--profiles FILE] [--trace FILE] [--json]',
  ],
  about: `Runs one task scenario through the swarm control API (docs/api.md: the same create, events and wait a program or the page calls) on the simulated model, on the provider --provider names (its own flags: the registry's, src/providers/registry.ts), or with --request on the model a run request names (provider: {kind: '${openai.id}', endpoint, model}, the key from SWARM_API_KEY and never from the request; a request of your own under request: {text}), and prints each task as it ends, any anomaly the self-healing loop saw, the run's answer and its metrics.`,
  flags: [
    {
      name: 'request',
      type: 'string',
      value: 'FILE',
      help: 'a run request (docs/api.md, "A run request"): the JSON the API\'s create takes and the page opens as #request=…',
    },
    { name: 'scenario', type: 'string', value: 'ID', help: KIND_IDS.join(' | '), appliesUnless: inRequest },
    {
      name: 'seed',
      type: 'whole',
      value: 'N',
      min: 0,
      max: MAX_SEED,
      default: DEFAULT_SEED,
      help: 'the instance',
      appliesUnless: inRequest,
    },
    {
      name: 'size',
      type: 'whole',
      value: 'N',
      help: "rows, hops, functions… (the scenario's default)",
      appliesUnless: inRequest,
    },
    {
      name: 'policy',
      type: 'string',
      value: 'P',
      default: DEFAULT_POLICY,
      help: policyForms(),
      appliesUnless: inRequest,
    },
    {
      name: 'profile',
      type: 'string',
      value: 'P',
      help: "every agent's profile: small | medium | large",
      appliesUnless: inRequest,
    },
    {
      name: 'healing',
      type: 'choice',
      value: 'M',
      choices: HEALING_MODES,
      help: 'the self-healing loop: on quarantines and replaces, detect records only, off runs none (default on)',
      appliesUnless: inRequest,
    },
    {
      name: 'play',
      type: 'choice',
      choices: PLAY_MODES,
      help: "how a trained policy (parl:FILE, bandit:FILE) chooses: greedy (each head's likeliest option) or sample (drawn from its distribution, keyed by the seed); default greedy",
      appliesUnless: inRequest,
    },
    {
      name: 'profiles',
      type: 'string',
      value: 'FILE',
      help: "profiles file (default scenarios/profiles.json): what the run's agents cost and may do, with a request file too (a request names a profile, not its prices); a trained policy plays under it as under swarm bench --profiles",
    },
    preferenceFlag(inRequest),
    ...providerFlags(inRequest),
    {
      name: 'trace',
      type: 'string',
      value: 'FILE',
      help: "also write the run's trace (JSONL), as the page's download and bench --trace-dir",
    },
    { name: 'json', type: 'boolean', help: 'print the final status as one JSON document' },
    {
      name: 'redis',
      type: 'string',
      value: 'URL',
      help: `send the subagents' attempts to \`swarm worker --queues subagents\` processes on any machine that reaches this Redis server (redis:// or rediss://; the password may come from ${PASSWORD_ENV}); the trace names each attempt's worker (docs/scale-out.md)`,
    },
  ],
});

export const runHelp = helpText(runTable);

/** The run request these flags say: a file's JSON, or one built from the flags. */
function requestOf(values: FlagValues<typeof runTable.flags>): unknown {
  const file = values.request;
  if (file !== undefined) {
    const text = readInputFile(file, 'run request', 1 << 20);
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new UsageError(`${file}: the run request is not JSON (${(error as Error).message})`);
    }
  }
  if (values.scenario === undefined) throw new UsageError('--scenario ID or --request FILE is required');
  const provider = providerOfFlags(values);
  const preference = preferenceOfFlags(values);
  return {
    scenario: values.scenario,
    seed: values.seed ?? DEFAULT_SEED,
    ...(values.size !== undefined ? { size: values.size } : {}),
    ...(values.policy !== undefined ? { policy: values.policy } : {}),
    ...(values.profile !== undefined ? { profile: values.profile } : {}),
    ...(values.healing !== undefined ? { healing: values.healing } : {}),
    ...(values.play !== undefined ? { play: values.play } : {}),
    ...(preference ? { preference } : {}),
    ...(provider ? { provider } : {}),
  };
}

export async function run(argv: string[], out: Print): Promise<void> {
  const values = parseFlags(runTable, argv);
  const request = requestOf(values);
  const traceFile = values.trace;
  const requestFile = values.request;
  if (traceFile !== undefined)
    checkOutputs(
      [{ path: traceFile, flag: '--trace' }],
      [requestFile, values.profiles].filter((f): f is string => f !== undefined),
    );
  const api = createSwarmApi({
    ...(values.profiles !== undefined ? { profiles: readProfiles(values.profiles) } : {}),
    ports: { sandbox: nodeSandbox },
    checkpoints: fileCheckpoints,
    providers: nodeProviders,
    ...(values.redis !== undefined ? { pool: await remotePoolsAt(values.redis) } : {}),
  });
  let id: string;
  try {
    id = await api.create(request as SwarmTask);
  } catch (error) {
    // The API names the field; the CLI says it as a usage error, of the file when there is one.
    if (isSwarmApiError(error)) {
      const where = values.request
        ? `${values.request}: `
        : error.field
          ? `${flagOfField(error.field, values)}: `
          : '';
      throw new UsageError(`${where}${error.message}`);
    }
    throw error;
  }
  const { status, header, events, answer } = await followSwarm(api, id, values.json ? () => {} : out);
  if (traceFile !== undefined && header) writeFiles([{ path: traceFile, text: encodeTrace(header, events) }]);
  if (values.json) {
    out(JSON.stringify(status));
    return;
  }
  const m = status.metrics as unknown as Readonly<Record<string, number | undefined>>;
  const f = (x: number | undefined) =>
    x === undefined ? '—' : Number.isInteger(x) ? String(x) : x.toFixed(3);
  if (answer !== undefined) out(`answer:\n${forTerminal(answer)}`);
  out(
    `${status.state}: critical steps ${f(m.criticalSteps)}, quality ${f(m.quality)}, tool calls ${f(m.toolCalls)}, cost ${f(m.cost)}`,
  );
}

/**
 * The pools of `--redis URL`, once the server has answered: each run's attempts go to the
 * workers. The queue's modules (BullMQ, ioredis) are loaded only here, so a local run never loads them.
 */
async function remotePoolsAt(url: string) {
  const { redisTarget } = await import('./scale-out/redis-url');
  const { probeRedis } = await import('./scale-out/redis-connect');
  const { remotePool } = await import('./scale-out/subagent-pool');
  const target = redisTarget(url);
  await probeRedis(target);
  return (setup: SubagentSetup, capacity: number) => remotePool({ target, setup, capacity });
}
