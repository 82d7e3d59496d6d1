/** The fork panel and its two drawings (views/fork-panel.tsx, fork-drawings.tsx). */
export const forkEn = {
  'fork.metricCritical': 'critical steps',
  'fork.metricCost': 'cost ($)',
  'fork.metricQuality': 'quality',
  'fork.metricReward': 'reward',
  'fork.difference': 'decision {step} (step-time {t}): {original}, against {fork}',
  'fork.failed': 'The run could not be forked: {error}',
  'fork.none': 'This run made no orchestrator decision to fork from.',
  'fork.heading': 'Continue from here with another policy',
  'fork.missing':
    'This run has no decision {asked}: it made {steps, plural, one {one decision} other {decisions 1 to #}}. The stored run may have been replaced since the fork was asked for; pick a decision below.',
  'fork.real':
    'Made on {provider}: up to the fork its own recorded replies answer again; after it, {live} answers (the model picked in the Run settings).',
  'fork.from': 'From decision',
  'fork.of': 'of {steps}',
  'fork.with': 'with',
  'fork.trained': '{kind}: {name} (trained here)',
  'fork.forking': 'Forking…',
  'fork.continue': 'Continue from here',
  'fork.prefix': "The first {events} events are the original's; from decision {at} {policy} decides.",
  'fork.firstDiff': 'First decision that differs: {difference}.',
  'fork.same': 'The two runs make the same decisions from that decision on.',
  'fork.originalTitle': '{policy}, as run',
  'fork.forkTitle': '{policy} from decision {at}',
  'fork.metric': 'metric',
  'fork.asRun': '{policy} (as run)',
  'fork.healing':
    "The self-healing loop stopped {n, plural, one {an agent} other {# agents}} of the original from decision {at} on. The fork runs that work without the loop (its timing checks read this machine's clock and would not judge the same twice), so part of the difference is the loop's, not the policy's.",
  'fork.sharedNothing': 'nothing: they part at the run’s first decision',
  'fork.sharedUpTo': 'the same as the original up to decision {decisions} (step-time 0–{until})',
  'fork.shaded': 'Shaded: {shared}.',
  'fork.shadedLabel': 'Shaded: {shared}',
  'fork.noDiff': 'The two make the same decisions from there on: nothing differs to mark.',
  'fork.amber': 'Amber: decision {d}, the first that differs, and what it launched on each side.',
  'why.sameSteps': '{fork} from decision {decision} took the same {steps} critical steps as {original}',
  'why.steps': '{fork} from decision {decision} took {steps} critical steps against {against}',
  'why.rewardSame': 'the reward is the same, {reward}',
  'why.rewardAgainst': 'the reward is {reward} against {against}',
  'why.failed':
    '{steps}, and {reward}, because {failed, select, both {the original and the fork} original {the original} other {the fork}} did not end within {failed, select, both {their} other {its}} budgets, and such a run earns 0.',
  'why.qualitySame': 'the same quality on both ({quality})',
  'why.quality': 'quality {quality} against {against}',
  'why.costSame': 'the same cost ({cost} cost units)',
  'why.cost': 'cost {cost} against {against} cost units',
  'why.timeSame': 'time charged the same ({time})',
  'why.time':
    'time charged {time} against {against} (η {weight} × critical steps / the budget of {budget}, plus κ {deadline} × the square of how late in the budget it ended)',
  'why.noBudget':
    'time is not charged: the run has no critical-steps budget, and the reward charges steps only as a share of one{weighted, select, yes { (a budget in the Run settings makes it count)} other {}}',
  'why.noWeight': 'time is not charged: this scenario puts no weight on critical steps',
  'why.same':
    '{steps}, and the reward is the same, {reward}, because the reward is quality less what cost and time are charged: {parts}.',
  'why.differs':
    '{steps}; the reward is {reward} against {against} (quality less what cost and time are charged): {parts}.',
} as const;
