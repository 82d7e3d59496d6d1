/** The Train view's words (views/train-view.tsx; its logic is not touched here). */
export const trainEn = {
  'train.heading': "Train the runtime's orchestrator",
  'train.about':
    "The policy that runs your scenarios: trained on real runs of wide search, deep search, coding, stories and questions on notes (scenarios/mix.json), each instance with its own engines and difficulty, with the PARL reward; runs in a Web Worker, so the page stays responsive. The CLI's default training is 20,000 episodes; 300 here is a quick look. Save it, then pick it in the Run view.",
  'train.policy': 'Policy',
  'train.parl': 'PARL (decides at every step)',
  'train.bandit': 'Contextual bandit (LinUCB)',
  'train.episodes': 'Episodes',
  'train.seed': 'Seed',
  'train.train': 'Train',
  'train.stop': 'Stop',
  'train.resume': 'Resume',
  'train.load': 'Load a policy file',
  'train.status':
    '{phase, select, idle {idle} training {training} stopped {stopped} done {done} failed {failed} other {{phase}}} · {done} / {total} episodes',
  'train.curves':
    'Learning curves by episode: the training reward and its terms (r_perf, λ1·r_parallel, λ2·r_finish), quality, critical steps, parallelism, spawns and finish rate',
  'train.name': 'Name',
  'train.save': 'Save in this browser',
  'train.download': 'Download JSON',
  'train.saved': 'Saved policies',
  'train.runOn': 'Run a saved policy on',
  'train.none': 'None yet.',
  'train.runWith': 'Run with this policy',
  'train.delete': 'Delete',
} as const;
