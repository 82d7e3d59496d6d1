/**
 * `swarm train`'s flags: what each means, its default (the CLI defaults a training is judged with,
 * docs/learning.md) and the learner it belongs to. The command itself is train.ts.
 */
import { PROFILES } from '../core/learning/actions';
import type { BanditKind } from '../core/learning/bandit-policy';
import { defaultTrainConfig } from '../core/learning/train-config';
import { defineCommand, type Flag, type FlagValue, helpText } from './flags';
import { MAX_EPISODES, MAX_ROLLOUT_WORKERS, MAX_SEED } from './limits';
import { preferencesFlag, pricesFlag } from './preference-flags';
import { PASSWORD_ENV } from './scale-out/redis-url';

/** The learner each learner-only flag belongs to: given for the other, it would be ignored. */
const onlyFor =
  (learner: 'parl' | 'bandit') =>
  (values: Readonly<Record<string, FlagValue>>): string | undefined =>
    values.policy !== learner
      ? `it is for --policy ${learner} only; this training is --policy ${values.policy}`
      : undefined;

const BANDITS: readonly BanditKind[] = ['linucb', 'thompson', 'epsilon-greedy'];

/**
 * `--episodes N`, as swarm train and the experiments that train declare it (the default training's
 * length, up to MAX_EPISODES), each with its own help.
 */
export const episodesFlag = (help: string) =>
  ({
    name: 'episodes',
    type: 'whole',
    value: 'N',
    min: 1,
    max: MAX_EPISODES,
    default: defaultTrainConfig.episodes,
    help,
  }) as const satisfies Flag;

export const trainTable = defineCommand({
  name: 'train',
  usage: ['train --scenario ID|mix --policy parl|bandit [options]'],
  about:
    'Trains a learned orchestrator on simulated episodes, in this process, and writes it as a checkpoint that bench accepts (parl:FILE, bandit:FILE). Progress goes to stderr; the checkpoint is rewritten after every update, so a run stopped part-way (Ctrl-C) keeps its last one.',
  flags: [
    {
      name: 'scenario',
      type: 'string',
      value: 'ID',
      required: true,
      help: 'mix (scenarios/mix.json: wide, deep, coding, story and notes, with a curriculum), a mix file, or one task scenario (its budgets from mix.json)',
    },
    {
      name: 'policy',
      type: 'choice',
      choices: ['parl', 'bandit'],
      default: defaultTrainConfig.policy,
      help: 'parl (decides at every step: a plan fitted by least squares, step heads by policy gradient) or bandit (one choice per task)',
    },
    episodesFlag('training episodes'),
    {
      name: 'seed',
      type: 'whole',
      value: 'S',
      min: 0,
      max: MAX_SEED,
      default: defaultTrainConfig.seed,
      help: 'the same seed gives the same curve',
    },
    {
      name: 'lambda-parallel',
      type: 'string',
      value: 'SCHED',
      help: "weight of r_parallel: a number, linear:FROM:TO:EPISODES or cosine:FROM:TO:EPISODES (default parl linear:0.1:0:EPISODES/2, bandit 0: a bandit's estimates keep every reward it was given)",
    },
    {
      name: 'lambda-finish',
      type: 'string',
      value: 'SCHED',
      help: 'weight of r_finish, same forms (default parl linear:0.3:0:EPISODES/2, bandit 0)',
    },
    {
      name: 'budget-on',
      type: 'choice',
      value: 'WHAT',
      choices: ['critical', 'total'],
      default: defaultTrainConfig.budgetOn,
      help: 'what the episode budget counts',
    },
    {
      name: 'allow-profiles',
      type: 'string',
      value: 'A,B',
      default: PROFILES.join(','),
      help: 'profiles the policy may pick',
    },
    {
      name: 'bandit',
      type: 'choice',
      value: 'NAME',
      choices: BANDITS,
      default: defaultTrainConfig.bandit,
      help: 'the bandit algorithm',
      appliesUnless: onlyFor('bandit'),
    },
    {
      name: 'arms',
      type: 'choice',
      value: 'SET',
      choices: ['all', 'no-cascade', 'uncut'],
      default: 'all',
      help: "the bandit's arms: every setting, each also with the deadline-aware cascade (…/cascade: retry, then escalate, then give up when the budget left cannot fit another attempt); no-cascade: every setting without the cascade (the arms before it, a control arm); uncut: only those that do not cut a swarm into shards or replicas, without the cascade (a control arm)",
      appliesUnless: onlyFor('bandit'),
    },
    {
      name: 'plan-head',
      type: 'choice',
      value: 'HOW',
      choices: ['regression', 'gradient'],
      default: defaultTrainConfig.planHead,
      help: "PARL: how the plan head learns: regression (each plan's return estimated by least squares, one plan per group) or gradient (the step heads' policy gradient, the control arm)",
      appliesUnless: onlyFor('parl'),
    },
    {
      name: 'batch',
      type: 'whole',
      value: 'N',
      min: 1,
      default: defaultTrainConfig.batch,
      help: 'PARL episodes per update',
      appliesUnless: onlyFor('parl'),
    },
    {
      name: 'group',
      type: 'whole',
      value: 'N',
      min: 1,
      default: defaultTrainConfig.group,
      help: "PARL: episodes per instance, each measured against the others' mean (leave-one-out); 1 uses the value baseline. Divides --batch",
      appliesUnless: onlyFor('parl'),
    },
    {
      name: 'hold',
      type: 'string',
      value: 'HEAD=OPTION,…',
      help: 'PARL: hold heads to one option each, an ablation (e.g. retry=retry; heads plan, width, profile, control, retry); the checkpoint holds them where it runs',
      appliesUnless: onlyFor('parl'),
    },
    {
      name: 'entropy',
      type: 'string',
      value: 'X',
      default: String(defaultTrainConfig.entropy),
      help: "PARL: weight of the entropy bonus that keeps every head's options tried, a number ≥ 0",
      appliesUnless: onlyFor('parl'),
    },
    {
      name: 'learning-rate',
      type: 'string',
      value: 'X',
      default: String(defaultTrainConfig.learningRate),
      help: 'PARL Adam step size, a number > 0',
      appliesUnless: onlyFor('parl'),
    },
    {
      name: 'window',
      type: 'whole',
      value: 'N',
      min: 1,
      help: `episodes per point of the learning curves (default ${defaultTrainConfig.window}, or a twentieth of the episodes when fewer)`,
    },
    {
      name: 'profiles',
      type: 'string',
      value: 'FILE',
      help: 'profiles file (default scenarios/profiles.json)',
    },
    {
      name: 'out',
      type: 'string',
      value: 'FILE',
      help: 'the checkpoint (default policy-<policy>-<scenario>-seed<S>.json)',
    },
    { name: 'curves', type: 'string', value: 'FILE', help: 'the learning curves as JSON' },
    { name: 'svg', type: 'string', value: 'FILE', help: 'the learning curves drawn as SVG' },
    {
      name: 'rollout-workers',
      type: 'whole',
      value: 'N',
      min: 1,
      max: MAX_ROLLOUT_WORKERS,
      help: "PARL: play each batch's episodes on N worker threads (default: the machine's cores, at most 2); the checkpoint is byte-identical whatever N",
      // Only more than one: a bandit plays its episodes one at a time, which 1 says.
      appliesUnless: (values) =>
        values.policy === 'bandit' &&
        typeof values['rollout-workers'] === 'number' &&
        values['rollout-workers'] > 1
          ? 'a bandit learns after every episode, so its episodes cannot be played in parallel; use --rollout-workers 1 (PARL plays each batch in parallel)'
          : undefined,
    },
    {
      name: 'redis',
      type: 'string',
      value: 'URL',
      help: `PARL: play each batch's episodes on \`swarm worker --queues train\` processes, on any machine that reaches this Redis server (redis:// or rediss://; the password may come from ${PASSWORD_ENV}); the checkpoint is byte-identical to a local training's (docs/scale-out.md)`,
      appliesUnless: (values) =>
        values.policy === 'bandit'
          ? 'a bandit learns after every episode, so its episodes cannot be spread over machines (PARL plays each batch in parallel)'
          : values['rollout-workers'] !== undefined
            ? '--rollout-workers plays episodes on this machine; with --redis the workers play them: give one or the other'
            : undefined,
    },
    preferencesFlag,
    pricesFlag,
    { name: 'json', type: 'boolean', help: 'print one JSON document (the summary and the curves)' },
  ],
});

export const trainHelp = helpText(trainTable);
