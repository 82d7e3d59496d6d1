/**
 * `swarm bench`'s flags: what each means, its bounds, and which flags only a real model's provider
 * reads (`--provider` and each provider's own flags come from the registry: provider-flags.ts). The command itself is bench.ts.
 */

import { contextStrategyNames } from '../core/agents/context/registry';
import { DEFAULT_SEED } from '../core/request/defaults';
import { KIND_IDS, kindOf } from '../core/scenarios/registry';
import { SPLITS } from '../core/scenarios/splits';
import { defineCommand, helpText } from './flags';
import { MAX_SEED, MAX_SEEDS, MAX_TIMER_MS, MAX_WORKERS } from './limits';
import { policyForms } from './policy-file';
import { preferenceFlag } from './preference-flags';
import { needsRealProvider, providerFlags } from './provider-flags';
import { sweepFlags } from './scale-out/sweep-flags';

/** What --size counts for each task kind, for its help. */
const sizeHelp = KIND_IDS.map((k) => `${kindOf(k)?.unit} (${k})`).join(', ');

export const benchTable = defineCommand({
  name: 'bench',
  usage: ['bench --scenario ID --policies A,B,… --seeds N [options]'],
  about:
    "Runs every policy on the same N instances (seeds 1…N, or from --seed-start) with the seeded simulated provider, or a real model (--provider KIND and its own flags, from the provider registry: src/providers/registry.ts), and reports every metric as the mean and its 95% interval over seeds, with each swarm policy's mean divided by the single agent's (serial).",
  flags: [
    {
      name: 'scenario',
      type: 'string',
      value: 'ID',
      required: true,
      help: 'scenarios/ID.json, scenarios/graphs/ID.json, or a path to a .json file; mix: the mixed wide / deep / coding distribution (scenarios/mix.json)',
    },
    {
      name: 'policies',
      type: 'string',
      value: 'A,B,…',
      required: true,
      help: `${policyForms} (FILE: a checkpoint written by swarm train)`,
    },
    {
      name: 'seeds',
      type: 'whole',
      value: 'N',
      min: 1,
      max: MAX_SEEDS,
      required: true,
      help: 'instances to run',
    },
    {
      name: 'split',
      type: 'choice',
      value: 'NAME',
      choices: SPLITS,
      help: "a split's instances: the N are that split's first seeds from --seed-start (splits are disjoint, and training draws from train only); without it, seeds S…S+N−1 of every split",
    },
    {
      name: 'seed-start',
      // Not 'whole': its range ends where the last seed, S+N−1, is still a seed, so it is checked
      // with --seeds below.
      type: 'string',
      value: 'S',
      default: String(DEFAULT_SEED),
      help: `first seed, from 0; the last, S+N−1, at most ${MAX_SEED}`,
    },
    {
      name: 'baseline',
      type: 'string',
      value: 'NAME',
      help: 'the policy every other one is paired with, instance by instance: the report gives each difference with a paired-bootstrap 95% interval (default: the first of --policies)',
    },
    {
      name: 'size',
      type: 'whole',
      value: 'N',
      help: `task scenarios: ${sizeHelp}; default: the scenario's`,
    },
    {
      name: 'context',
      type: 'choice',
      value: 'NAME',
      choices: contextStrategyNames,
      help: "task scenarios: the context strategy of every agent (default: the scenario's)",
    },
    preferenceFlag(),
    {
      name: 'profile',
      type: 'string',
      value: 'NAME',
      help: "task scenarios: profile of every agent (default: the scenario's)",
    },
    {
      name: 'profiles',
      type: 'string',
      value: 'FILE',
      help: 'profiles file (default scenarios/profiles.json)',
    },
    {
      name: 'workers',
      type: 'whole',
      value: 'P',
      min: 1,
      max: MAX_WORKERS,
      help: 'graph scenarios: subagents at once (100 when not given)',
    },
    ...providerFlags(() => undefined, { who: 'the model the agents (and the llm orchestrator) run on' }),
    {
      name: 'tools',
      type: 'choice',
      choices: ['native', 'json'],
      default: 'native',
      help: 'native tool calls, or tools as a JSON reply for servers and models without them',
      appliesUnless: needsRealProvider,
    },
    // The reply watch (reply-watch.ts, shared with route --run): declared here in its words.
    {
      name: 'reply-deadline-ms',
      type: 'whole',
      value: 'MS',
      min: 1,
      max: MAX_TIMER_MS,
      help: "task scenarios: the longest one model reply may take in all, retries included; past it the attempt fails, saying so (default: 60 s plus the profile's output limit at 10 tokens a second: 162 s small, 265 s medium, 470 s large)",
    },
    {
      name: 'healing',
      type: 'choice',
      choices: ['on', 'detect', 'off'],
      help: 'task scenarios: the self-healing loop: on quarantines and replaces a misbehaving agent, detect records what it sees, off runs none (default: on with a real model, off with the simulated one, whose figures stay those of a run without the loop)',
    },
    {
      name: 'play',
      type: 'choice',
      choices: ['greedy', 'sample'],
      default: 'greedy',
      help: "how trained policies (parl:FILE, bandit:FILE) choose: greedy (each head's likeliest option) or sample (drawn from their distribution, keyed by each run's seed): the logs swarm evaluate weighs",
      appliesUnless: (values) =>
        values.redis !== undefined && values.play === 'sample'
          ? "with --redis the runs are made on the workers' machines, which play trained policies greedily in this version"
          : undefined,
    },
    {
      name: 'trace-dir',
      type: 'string',
      value: 'DIR',
      help: "write each run's trace as DIR/<scenario>-<policy>-seed<S>.jsonl",
      appliesUnless: (values) =>
        values.redis !== undefined
          ? "with --redis the runs are made on the workers' machines, which do not send traces back in this version"
          : undefined,
    },
    ...sweepFlags((values) =>
      needsRealProvider(values) === undefined
        ? 'a sweep across machines runs on the simulated provider in this version'
        : undefined,
    ),
    { name: 'out', type: 'string', value: 'PATH', help: 'also write PATH.json and PATH.md (a report)' },
    { name: 'json', type: 'boolean', help: 'print one JSON document' },
  ],
});

export const benchHelp = helpText(benchTable);
