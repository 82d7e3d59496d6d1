/** The run's pictures: the graph (dag/), the stage strip, the agents, the timeline, their downloads, the answer. */
export const pictureEn = {
  'node.waiting': 'waiting',
  'node.ready': 'ready',
  'node.running': 'running',
  'node.done': 'done',
  'node.degraded': 'degraded',
  'node.failed': 'failed',
  'node.skipped': 'skipped',
  'node.cancelled': 'cancelled',
  'dag.label':
    "{peers, select, yes {Graph of {n} peers' turns} other {Graph of {n} tasks}}{main, plural, =0 {} other { and {main} orchestrator steps}}; the realized critical path is outlined in red, the planned one dashed",
  'dag.attempt':
    '{task}, attempt {attempt}: ran from step-time {start} to {end} on {subagent} and {outcome, select, cancelled {was cancelled} other {failed}}; the task was tried again (its node shows the last attempt)',
  'dag.end': "{label}: the run's end — every answer is in",
  'dag.decision':
    'orchestrator decision {step} of {steps} at step-time {t}: S_main {main}, launched {n, plural, one {# attempt} other {# attempts}}, the slowest took {slowest} steps',
  'dag.asRun': 'as run',
  'dag.asPlanned': 'as planned',
  'dag.lowerBound': 'lower bound',
  'dag.plannedEstimate': 'planned estimate',
  'dag.longestChain': 'longest chain',
  'dag.task': '{task}: {steps} steps, {where} — {k}× faster: {bound} {before} → {after} ({delta})',
  'dag.onPath': 'on the critical path',
  'dag.slack': 'slack {slack}',
  'dag.with': '{text} ({how})',
  'dag.forkFrom': 'Fork from decision {decision}',
  'dag.whatIf': 'what-if speed-up',
  'dag.fit': 'Fit',
  'dag.pictureName': 'the run graph',
  'dag.pictureTitle': 'Run graph of {id}: the realized critical path in red, the planned one dashed',
  'dag.layoutFailed': 'The graph could not be laid out: {error}',
  'dag.layingOut': 'Laying out {n} nodes…',
  'dag.hint':
    'Hover a node, or Tab to it (arrow keys move along the edges), for its slack and what a faster subagent would change.',
  'stages.sum':
    '{n, plural, one {# stage} other {# stages}}: Σ S_main = {main}, Σ max S_sub = {sub}{lanes, select, one { — the stages follow one another, so together they are the critical steps} other { — stages overlap (async join): the critical steps are the path above, not this sum}}',
  'stages.rounds':
    '{n, plural, one {# round} other {# rounds}}, each costing its longest turn: {parts} = {total} steps; no orchestrator',
  'stages.label': 'Stages: S_main dark, the slowest subagent of each stage light',
  'stages.title': 'decision {step} at step-time {t}: S_main {main} + max S_sub {sub}',
  'agents.label':
    '{n, plural, one {# agent} other {# agents}}{peers, select, yes {, {messages, plural, one {# message} other {# messages}}} other {}}',
  'agents.made': '{from} made {to}',
  'agents.replaced': '{from} was replaced by {to} ({why})',
  'agents.message': 'round {round}, {from} → {to}: {text}',
  'agents.orch': 'orch.',
  'agents.orchestrator': 'the orchestrator',
  'agents.node': '{label} ({profile}): {n, plural, one {# turn} other {# turns}}',
  'agents.running': ', {n} running',
  'agents.failed': ', {n} failed',
  'agents.stopped': ', {n} stopped before it ended',
  'agents.quarantined': ', quarantined {n}×',
  'agents.refused': ', {n, plural, one {# refused call} other {# refused calls}} outside its capabilities',
  'agents.replacedMark': ', replaced',
  'agents.after': "; a new agent on {after}'s lane",
  'agents.notePeers':
    'No orchestrator: the peers take turns in rounds and talk on a shared board. The messages are listed below the picture; the number in a node is its turns.',
  'agents.note':
    'The orchestrator made each subagent (grey edges); the number in a node is the attempts it ran.',
  'agents.healed':
    " Self-healing replaced {n, plural, one {# agent} other {# agents}}: each faded one points (dashed) to the agent that took its task; a name with a prime is a new agent on the replaced one's lane.",
  'agents.messages': 'Messages between the agents',
  'agents.round': 'round {round} · {from} → {to}',
  'agents.pictureName': 'the agent graph',
  'agents.pictureTitle': 'Agents and their messages',
  'timeline.labelPeers':
    'Timeline: one bar per round, then one lane per peer, in step-time; turns on the realized critical path outlined in red',
  'timeline.label':
    "Timeline: the orchestrator's steps, then one lane per subagent, in step-time; steps and attempts on the realized critical path outlined in red",
  'timeline.hintPeers':
    'Hover a bar, or Tab to it (← → along a lane, ↑ ↓ across lanes), for the turn or the round.',
  'timeline.hint':
    'Hover a bar, or Tab to it (← → along a lane, ↑ ↓ across lanes), for the attempt or the orchestrator decision.',
  'timeline.pictureName': 'the timeline',
  'timeline.titlePeers': 'Timeline: the rounds and one lane per peer, in step-time',
  'timeline.title': "Timeline: the orchestrator's steps and one lane per subagent, in step-time",
  'download.svg': 'Download {what} as SVG',
  'download.png': 'Download {what} as PNG',
  'download.failed': 'The picture could not be saved: {error}',
  'answer.heading': "Result — the run's final answer",
  'answer.citations': '(click a citation to read the passage)',
  'answer.score': 'Score {score}',
  'answer.criteria': 'How the grader scored it',
  'answer.pieces': 'What each subagent answered ({n} pieces the answer was made from)',
  'answer.final': 'The final answer',
  'answer.raw': 'Raw answer (the text as the run handed it back)',
  'answer.table': 'Answer table',
} as const;
