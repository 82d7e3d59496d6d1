/** The Run view (views/run-view.tsx and what it shows of a run): controls, status, notes, cards. */
export const runEn = {
  'run.run': 'Run',
  'run.stop': 'Stop',
  'run.kill': 'Kill a worker',
  'run.killTitle': 'Terminate one busy subagent worker, as a crash would: its task is retried',
  'run.killTitleNone': 'Only simulated runs of task scenarios have subagent workers to kill',
  'run.killed': "Killed {subagent}'s worker while it ran {task} (attempt {attempt}): the task is retried.",
  'run.killedNone': 'No subagent was busy at that moment: nothing was killed.',
  'run.compareSerial': 'Compare with a single agent',
  'run.status': 'Status:',
  'run.holding': 'running · paused before the next orchestrator decision: press Next step',
  'run.parallelism':
    "Parallelism on this GPU: effective {effective} of nominal {nominal} (peaks {peakEffective} of {peakNominal}; {engines, plural, one {one shared engine} other {# engines}}). Subagents beyond the engine count wait their turn; the critical steps (the time model's) show what parallel hardware would give (docs/models.md).",
  'run.loading': 'Loading run {id}…',
  'run.loaded': '{loaded} of {total} events',
  'run.missing':
    "There is no run {id} in this browser's library: it may have been deleted, or the link was made in another browser. Open the Library to see the runs stored here.",
  'run.unreadable': 'Run {id} could not be read from the library: {message}',
  'run.compareGone': 'This run is no longer in the library.',
  'run.compareOrchestration':
    'A run of the orchestration environment is compared with the single agent on the Train view’s leaderboard, not here.',
  'run.compareNoScenario':
    'This page does not have the scenario “{scenario}” the run was made from, so a single agent cannot run it.',
  'replay.replaying': 'replaying',
  'replay.pausedAt': 'replay paused at {where}',
  'replay.where': '{position} (step-time {at} of {end})',
  'replay.position': 'event {at} of {count}',
  'replay.stepTime': 'step-time {t}',
  'replay.start': 'Start',
  'replay.startLabel': 'Start: rewind the replay to the first event',
  'replay.startTitle': 'Rewind the replay to the first event',
  'replay.play': 'Play',
  'replay.pause': 'Pause',
  'replay.playTitle': 'Play the run at a pace you can follow (about ten seconds), or pause it',
  'replay.scrubber': 'Replay position (event number)',
  'pace.label': 'Pace',
  'pace.title':
    'How fast a simulated run plays: instant does not wait, watch makes a wide search take about ten seconds',
  'pace.instant': 'instant',
  'pace.fast': 'fast',
  'pace.watch': 'watch',
  'pace.realTime': 'real time',
  'pace.step': 'step (one orchestrator decision a click)',
  'pace.custom': 'custom ({pace} ms per model second)',
  'pace.next': 'Next step',
  'pace.nextTitle': "Carry out the orchestrator's next decision: its step, and the attempts it launches",
  'length.takes': 'A run takes about {about} at this pace.',
  'length.takesFaster':
    'A run takes about {about} at this pace; pace “{fastest}” shows the result in about {there}.',
  'length.takesAtOnce': 'A run takes about {about} at this pace; pace “{fastest}” shows the result at once.',
  'length.minutes': '{n} min',
  'length.seconds': '{n} s',
  'length.tasksDone': '{done} of {total} tasks done',
  'hint.sampleSimulated':
    'The simulated model cannot write your request; Run plays a sample task of this workflow instead: “{title}” ({about})',
  'hint.sampleOpened':
    'This run was opened without your request; Run plays a sample task of this workflow instead: “{title}” ({about})',
  'hint.askedRouter': 'You asked the Router for “{request}”. {line}.',
  'hint.noRun':
    'No run yet: press Run to run “{title}” with the settings shown, or open a stored run from the Library.',
  'hint.otherRun':
    '“{title}” has not run here yet: press Run. The last run in this tab was of “{other}” ({status}); it is in the Library, or',
  'hint.showIt': 'show it here',
  'own.needsModel':
    'Your request “{ask}” needs a real model: with the simulated model, Run plays the sample task.',
  'own.needsModelTitled':
    'Your request “{ask}” needs a real model: with the simulated model, Run plays the sample task “{title}”.',
  'own.chooseModel': 'Choose WebLLM or an endpoint to run your request.',
  'own.yours': 'Your request: “<strong>{ask}</strong>”',
  'own.team': ', worked on by {team}',
  'own.lead': ' under {lead}',
  'own.inPlace': ', in place of the sample task. Its answer is graded {grading}.',
  'own.forget': 'Run the sample task instead',
  'picture.agentsPeersArrows':
    'Agents — a decentralized team: no orchestrator, messages on a shared board as arrows, one colour a round',
  'picture.agentsPeersNone':
    'Agents — a decentralized team: no orchestrator; no message on the shared board yet',
  'picture.agents': 'Agents — the orchestrator and the subagents it made',
  'picture.graphPeers':
    "Run graph — the peers' turns, round by round (no orchestrator); the realized critical path in red, the planned one dashed; hover a node for its slack and a what-if",
  'picture.graph':
    "Run graph — tasks and the orchestrator's steps; the realized critical path in red, the planned one dashed; hover a node for its slack and a what-if",
  'picture.timelinePeers':
    'Timeline — one bar per round (it costs its longest turn), then one lane per peer, in step-time; the realized critical path outlined in red',
  'picture.timeline':
    "Timeline — the orchestrator's steps, then one lane per subagent, in step-time; the realized critical path outlined in red",
  'picture.failures':
    '{n, plural, one {# attempt failed} other {# attempts failed}}. The latest, {task} (attempt {attempt}): {error}',
  'picture.noReason': 'no reason recorded',
  'picture.orchestratorLog':
    'Orchestrator model — {turns, plural, one {# turn} other {# turns}}; latest calls',
  'picture.refused': ', {n} refused',
  'picture.orchestratorFailed': 'The orchestrator model failed: {error}',
} as const;
