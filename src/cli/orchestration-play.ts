/**
 * `swarm orchestration play`: one policy — above all `llm`, a model making every decision — on
 * instances of the orchestration environment, played through the asynchronous episode
 * (playInstanceAsync), with the metrics `orchestration bench` prints and a paired difference with
 * a baseline. A model's calls take seconds, so this plays few instances by default and reports
 * what the model cost: calls, refused answers, decisions left to the fallback, tokens.
 */
import { parseArgs } from 'node:util';
import { ProviderError } from '../adapters/openai-errors';
import { baselinePolicy, isBaseline } from '../core/bench/orchestration-baselines';
import { type Evaluation, evaluate, grid, instancesOf, paired } from '../core/bench/orchestration-eval';
import { evaluateAsync } from '../core/bench/orchestration-eval-async';
import { type AsyncOrchestrationPolicy, asAsync } from '../core/learning/orchestration/async-episode';
import {
  fixedOrchestrator,
  type OrchestrationPolicy,
  parseSetting,
} from '../core/learning/orchestration/decisions';
import type { Instance } from '../core/learning/orchestration/instance';
import { type LlmOrchestrator, llmOrchestrator } from '../core/learning/orchestration/llm-orchestrator';
import { defaultEnvParams as params } from '../core/learning/orchestration/params';
import { traceOfEpisode } from '../core/learning/orchestration/trace';
import { parseSplit, type Split, splitOf, splitSeeds } from '../core/scenarios/splits';
import { encodeTrace } from '../core/trace/jsonl';
import { ReportedFailure, UsageError, wholeNumber } from './errors';
import { MAX_SEED, MAX_SEEDS } from './limits';
import { orchestrationModel } from './orchestration-model';
import { fileIn, prepareOutputDir, writeFile } from './safe-write';

export const playHelp = `swarm orchestration play [--policy llm] [options]

  --policy NAME           llm (default: a model makes every decision), serial, heuristic,
                          best-fixed, per-kind, fixed:SETTING
  --baseline NAME         the policy it is paired with (default heuristic; any but llm)
  --split NAME            train | validation | test (default test)
  --instances N           the split's first N instances (default 20)
  --seed S                one instance, seed S (whatever its split), with every decision listed
  --provider NAME         llm: simulated (default, offline, at --profile's error rate) | openai
  --endpoint URL          llm with openai: the server's base URL; the key is read from
                          SWARM_API_KEY and never written out
  --model NAME            llm with openai: the model (default: --profile's models.openai)
  --profile NAME          llm: the orchestrator's profile in scenarios/profiles.json (default large)
  --trace-dir DIR         write each instance's episode as DIR/orchestration-<policy>-seed<S>.jsonl,
                          as it finishes (the page's Library imports it; export-trace reads it)
  --json                  one JSON document on stdout`;

const SYNC_POLICIES = 'serial, heuristic, best-fixed, per-kind, fixed:SETTING';

export async function orchestrationPlay(
  argv: string[],
  out: (text: string) => void,
  err: (text: string) => void,
): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      policy: { type: 'string' },
      baseline: { type: 'string' },
      split: { type: 'string' },
      instances: { type: 'string' },
      seed: { type: 'string' },
      provider: { type: 'string' },
      endpoint: { type: 'string' },
      model: { type: 'string' },
      profile: { type: 'string' },
      'trace-dir': { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  // Every flag is checked before the first instance is played, so bad input costs no model call.
  const split = parseSplitFlag(values.split);
  const seeds = seedsOf(values, split);
  const policyName = (values.policy ?? 'llm').trim();
  const baselineName = (values.baseline ?? 'heuristic').trim();
  const validation = lazyGrid(seeds.length);
  const baseline = syncPolicy('baseline', baselineName, validation);
  let policy: AsyncOrchestrationPolicy;
  let llm: LlmOrchestrator | undefined;
  let about: { provider: string; model: string; profile: string } | undefined;
  if (policyName === 'llm') {
    const m = orchestrationModel(values);
    llm = llmOrchestrator({ provider: m.provider, model: m.model, profile: m.profile, params });
    policy = llm;
    about = { provider: m.provider.name, model: m.model, profile: m.profile };
  } else {
    for (const flag of ['provider', 'endpoint', 'model', 'profile'] as const)
      if (values[flag] !== undefined) throw new UsageError(`--${flag} goes with --policy llm`);
    policy = asAsync(syncPolicy('policy', policyName, validation));
  }

  const traceDir = values['trace-dir'];
  if (traceDir !== undefined) prepareOutputDir(traceDir, '--trace-dir');
  const traced: string[] = [];
  const instances = instancesOf(params, seeds);
  const base = evaluate(params, baseline, instances);
  const progress = process.stderr.isTTY === true && !values.json;
  let e: Evaluation;
  try {
    e = await evaluateAsync(params, policy, instances, {
      logs: traceDir !== undefined,
      onEpisode: (r, i, log) => {
        if (progress) err(`[${i + 1}/${instances.length}] seed ${r.seed}: quality ${r.quality.toFixed(3)}`);
        // Written as each episode ends: a model that stops answering later loses none of them.
        if (traceDir !== undefined && log) {
          const t = traceOfEpisode(params, instances[i] as Instance, policy.name, log, r);
          const path = fileIn(traceDir, `orchestration-${policy.name}-seed${r.seed}.jsonl`);
          writeFile(path, encodeTrace(t.header, t.events));
          traced.push(path);
        }
      },
    });
  } catch (error) {
    // The model's endpoint failing is the user's to fix (address, key, model name), not a bug.
    if (error instanceof ProviderError)
      throw new ReportedFailure(
        `the model did not answer (${error.kind}): ${error.message}; ${
          traced.length > 0
            ? `the traces of the ${traced.length} instance(s) played before it are in ${traceDir}`
            : 'nothing was written'
        }`,
      );
    throw error;
  }
  const vs = paired(base, e);
  const model = llm ? modelReport(llm) : undefined;
  const where =
    values.seed !== undefined
      ? `instance ${seeds[0]} (${splitOf(seeds[0] as number)})`
      : `${seeds.length} ${split} instances`;
  if (values.json) {
    out(
      JSON.stringify({
        split: values.seed !== undefined ? splitOf(seeds[0] as number) : split,
        seeds,
        policy: { policy: e.policy, means: e.means, values: e.values, vsBaseline: vs },
        baseline: { policy: base.policy, means: base.means, values: base.values },
        ...(traceDir !== undefined ? { traces: traced } : {}),
        ...(model ? { model: { ...about, ...model, perDecision: llm?.decisions() } } : {}),
      }),
    );
    return;
  }
  const line = (ev: Evaluation, tail: string) =>
    `${ev.policy.padEnd(24)} reward ${ev.means.reward.toFixed(3)}  quality ${ev.means.quality.toFixed(3)}  cost ×${ev.means.relativeCost.toFixed(2)}  critical ${ev.means.criticalSteps.toFixed(1)}  solo ${ev.means.solo.toFixed(2)}${tail}`;
  const lines = [
    `${where}; ${e.policy}${about ? ` (${about.provider} ${about.model})` : ''} paired against ${base.policy} (mean difference in reward, 95% bootstrap interval)`,
    '',
    line(e, `  Δ ${signed(vs.mean)} [${signed(vs.low)}, ${signed(vs.high)}]`),
    line(base, '  (baseline)'),
  ];
  if (model && llm) {
    lines.push(
      '',
      `model: ${model.decisions} decisions in ${model.calls} calls; ${model.invalidAnswers} answers refused, ${model.fallbacks} decision(s) left to the fallback (the heuristic's choice); ${model.promptTokens} prompt and ${model.completionTokens} completion tokens`,
    );
    // One instance: every decision, so a person can read what the model chose and why it cost.
    if (values.seed !== undefined)
      for (const d of llm.decisions())
        lines.push(
          `  ${d.kind.padEnd(8)} ${d.answer}${d.fallback ? ' (fallback)' : ''}${d.refused.length ? `  refused: ${d.refused.join('; ')}` : ''}`,
        );
  }
  if (traceDir !== undefined) lines.push('', `${traced.length} trace(s) written to ${traceDir}`);
  out(lines.join('\n'));
}

const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(3)}`;

function modelReport(llm: LlmOrchestrator) {
  const ds = llm.decisions();
  return {
    decisions: ds.length,
    calls: ds.reduce((n, d) => n + d.replies, 0),
    invalidAnswers: llm.invalidAnswers(),
    fallbacks: llm.fallbacks(),
    promptTokens: ds.reduce((n, d) => n + d.promptTokens, 0),
    completionTokens: ds.reduce((n, d) => n + d.completionTokens, 0),
  };
}

function parseSplitFlag(raw: string | undefined): Split {
  try {
    return parseSplit(raw ?? 'test');
  } catch (error) {
    throw new UsageError(`--split: ${(error as Error).message}`);
  }
}

function seedsOf(values: { seed?: string; instances?: string; split?: string }, split: Split): number[] {
  if (values.seed === undefined)
    return splitSeeds(split, wholeNumber('instances', values.instances, 20, 1, MAX_SEEDS));
  if (values.instances !== undefined)
    throw new UsageError('--seed plays one instance: give --seed or --instances, not both');
  const seed = wholeNumber('seed', values.seed, 0, 0, MAX_SEED);
  if (values.split !== undefined && splitOf(seed) !== split)
    throw new UsageError(`--seed ${seed} is an instance of the ${splitOf(seed)} split, not ${split}`);
  return [seed];
}

/** The validation grid, run once and only if best-fixed or per-kind needs it. */
function lazyGrid(n: number) {
  let result: ReturnType<typeof grid> | undefined;
  return () => {
    result ??= grid(params, instancesOf(params, splitSeeds('validation', Math.max(n, 300))));
    return result;
  };
}

function syncPolicy(
  flag: string,
  name: string,
  validation: () => ReturnType<typeof grid>,
): OrchestrationPolicy {
  if (isBaseline(name)) return baselinePolicy(name, validation);
  if (name.startsWith('fixed:')) {
    try {
      return fixedOrchestrator(parseSetting(name.slice(6)));
    } catch (error) {
      throw new UsageError(`--${flag}: ${(error as Error).message}`);
    }
  }
  const known = flag === 'policy' ? `llm, ${SYNC_POLICIES}` : SYNC_POLICIES;
  throw new UsageError(`--${flag}: unknown policy "${name}" (known: ${known})`);
}
