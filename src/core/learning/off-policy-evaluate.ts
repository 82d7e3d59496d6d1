/**
 * Off-policy evaluation of a target on logged runs: checks that the logs and the target speak of
 * the same decisions (the same heads and options, the same features), weighs each run by the
 * product of its decisions' ratios, and hands the weighted runs to the estimators
 * (off-policy-estimates.ts). Any mismatch is refused naming it and what is accepted.
 */
import { type OffPolicyEstimates, offPolicyEstimates, type WeightedRun } from './off-policy-estimates';
import type { LoggedRun } from './off-policy-logs';
import { type Target, TargetMismatch } from './off-policy-targets';

export interface OffPolicyReport extends OffPolicyEstimates {
  readonly target: string;
  /** The policies whose runs were weighed, by name, with their run counts. */
  readonly behaviour: Readonly<Record<string, number>>;
  /** Runs per scenario. */
  readonly scenarios: Readonly<Record<string, number>>;
  readonly estimator: string;
}

export interface EvaluateOptions {
  /** The heads and options the target decides with, by head; checked against every log's. */
  readonly options?: Readonly<Record<string, readonly string[]>>;
  /**
   * The feature counts logs may have (a layout with preference features and one without: the
   * target fits either to its own, features.ts inLayout); each log's is checked against them.
   */
  readonly features?: { readonly task: readonly number[]; readonly step: readonly number[] };
  readonly resamples?: number;
  readonly seed?: number;
}

const same = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
  a !== undefined && b !== undefined && a.length === b.length && a.every((x, i) => x === b[i]);

export function evaluateOffPolicy(
  runs: readonly LoggedRun[],
  target: Target,
  o: EvaluateOptions = {},
): OffPolicyReport {
  if (runs.length === 0) throw new TargetMismatch('no logged runs to evaluate on');
  const first = runs[0] as LoggedRun;
  const firstHead = first.decisions[0]?.head;
  for (const run of runs) {
    const where = `${run.scenario} seed ${run.seed} (${run.policy})`;
    const head = run.decisions[0]?.head;
    if (head !== target.firstHead)
      throw new TargetMismatch(
        `${target.name} decides with ${target.firstHead === 'plan' ? "PARL's heads (plan, width, profile, control, retry, vote)" : "a bandit's arms"}, but ${where} logged ${head === 'arm' ? "a bandit's arm" : "PARL's heads"}; accepted: a parl:FILE or fixed setting for PARL's logs, a bandit:FILE or fixed setting for a bandit's`,
      );
    if (head !== firstHead) throw new TargetMismatch(`the logs mix PARL's runs and a bandit's (${where})`);
    for (const [name, options] of Object.entries(run.options)) {
      const expected = o.options?.[name] ?? first.options[name];
      if (!same(options, expected))
        throw new TargetMismatch(
          `${where}: its ${name} options (${options.join(', ')}) are not ${o.options ? `${target.name}'s` : 'those of the other logs'} (${(expected ?? []).join(', ')}); accepted: logs of policies with the same heads and options as the target`,
        );
    }
    if (o.options)
      for (const name of Object.keys(o.options))
        if (firstHead === 'plan' && !(name in run.options))
          throw new TargetMismatch(`${where}: it logged no ${name} head, which ${target.name} has`);
    if (o.features)
      for (const d of run.decisions) {
        const want = d.head === 'step' ? o.features.step : o.features.task;
        if (!want.includes(d.log.features.length))
          throw new TargetMismatch(
            `${where}: a ${d.head} decision logged ${d.log.features.length} features; accepted: logs of policies with ${want.join(' or ')} (with preference or price inputs or without)`,
          );
      }
  }
  const weighted: WeightedRun[] = runs.map((run) => {
    let weight = 1;
    for (const d of run.decisions) {
      if (weight === 0) break;
      weight *= target.probability(d) / d.behaviour;
    }
    const d0 = run.decisions[0] as LoggedRun['decisions'][number];
    return {
      weight,
      reward: run.reward,
      x: d0.log.features,
      chosen: d0.chosen ?? 0,
      target: target.firstDistribution(d0),
    };
  });
  const options = (first.options[firstHead as string] ?? []).length;
  const perOption = runs.every((r) => r.decisions[0]?.log.same.length === 1);
  const estimates = offPolicyEstimates(weighted, {
    options,
    perOption,
    ...(o.resamples !== undefined ? { resamples: o.resamples } : {}),
    ...(o.seed !== undefined ? { seed: o.seed } : {}),
  });
  const count = (key: (r: LoggedRun) => string) =>
    runs.reduce<Record<string, number>>((acc, r) => {
      acc[key(r)] = (acc[key(r)] ?? 0) + 1;
      return acc;
    }, {});
  return {
    target: target.name,
    behaviour: count((r) => r.policy),
    scenarios: count((r) => r.scenario),
    estimator:
      'per-decision importance weights: the product over a run’s decisions of π_target / π_behaviour of the actions taken (the reward comes once, at the run’s end, so per-decision and whole-run weights are the same)',
    ...estimates,
  };
}
