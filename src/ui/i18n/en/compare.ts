/** The Compare view and its picker (views/compare-view.tsx, compare-picker.tsx). */
export const compareEn = {
  'compare.empty':
    'Pick a scenario, a seed and two or more policies above and press “Run comparison”; or tick two or more runs in the Library (then “Compare selected”), or press “Compare with a single agent” in the Run view.',
  'compare.missingRuns':
    "Some runs in the link are not in this browser's library: “Run comparison” runs them again (the same seed makes the same runs).",
  'compare.heading': '{n} runs compared, the first the baseline',
  'compare.metric': 'Metric',
  'compare.baseline': '{title} (baseline)',
  'compare.better': '({better, select, lower {lower} higher {higher} other {{better}}} is better)',
  'compare.neither': '(neither way is better)',
  'compare.notRun': '{policy} · not run',
  'picker.heading': 'Compare policies on one seed',
  'picker.scenario': 'Scenario',
  'picker.seed': 'Seed',
  'picker.policies': 'Policies, the first ticked the baseline',
  'picker.fixed': 'Fixed setting',
  'picker.add': 'Add',
  'picker.stop': 'Stop comparison',
  'picker.run': 'Run comparison',
  'picker.tooFew': 'Tick two or more policies.',
  'picker.blocked': 'A run is going on in the Run view: the comparison can start once it ends.',
  'picker.queued': 'queued',
  'picker.running': 'running…',
  'picker.done': 'done, in the Library',
  'picker.failed': 'could not run: {message}',
} as const;
