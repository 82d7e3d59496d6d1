/** The first screen (views/gallery.tsx): its words, not the scenarios' own titles and texts. */
export const galleryEn = {
  'gallery.lede':
    'You are looking at an <strong>agent swarm</strong> running in your browser: an orchestrator splits a task into a graph of subtasks and hands them to subagents that work in parallel, and you watch the graph, its critical path and the cost — here on a seeded simulated model, with nothing downloaded and no server.',
  'gallery.quickRun': 'Run the wide-search swarm now',
  'gallery.orPick': 'Or pick a scenario below; each card opens it with its settings.',
  'gallery.tasksHeading': 'Tasks a swarm works on',
  'gallery.tasksNote':
    'Subagents use tools on an offline encyclopedia, write text or code, and the answer is graded.',
  'gallery.graphsHeading': 'Scheduling only: task graphs',
  'gallery.graphsNote':
    'Tasks with durations and dependencies, no model and no answer: how the orchestrator schedules a shape of work, its critical path and its lower bound.',
  'gallery.scheduling': 'scheduling',
  'gallery.askedIn': 'Asked in {language}',
  'gallery.run': 'Run',
  'gallery.settings': 'Settings',
} as const;
