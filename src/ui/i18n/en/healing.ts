/**
 * The chaos faults and the self-healing loop's incidents as the page says them (views/chaos-control.tsx,
 * views/incidents-view.tsx, the timeline's marks, i18n/evidence-words.ts). The trace keeps the
 * core's English evidence (core/healing/evidence.ts), which the CLI and the API print; the page
 * says each kind's evidence from its facts. A tool's name, its arguments and a crash's own
 * message go in as they are.
 */
export const healingEn = {
  'fault.about':
    '{fault, select, hang {its model never answers} loop {it repeats the same tool call} crash {its model call throws} malformed {its calls carry broken JSON} inject {it is taken over and calls tools it was not given} slow {each of its turns takes far longer} other {{fault}}}',
  'fault.option': '{fault}: {about}',
  'incident.fault': 'fault put in',
  'incident.anomaly': 'detected',
  'incident.action': 'healing',
  'incident.faultDetail': 'on purpose: {about}',
  'incident.quarantined': 'quarantined: {kind}: {evidence}',
  'incident.mark': '{what}: {name} on {subagent} at step {t}: {detail}',
  'evidence.slow':
    "a model turn took {ms} ms, {perToken} ms a token; the swarm's turns stay under {level} ms a token",
  'evidence.runawayTokens': "{tokens} tokens in one attempt; the swarm's attempts stay under {level}",
  'evidence.runawayTools': "{calls} tool calls in one attempt; the swarm's attempts stay under {level}",
  'evidence.capabilityViolation':
    'called {tool}, a tool it was not granted ({rejection}); the call was refused',
  'evidence.errorBurst': '{errors} calls rejected for their arguments (the last: {tool}, {rejection})',
  'evidence.loop': '{tool} called {times} times with the same arguments {args}',
  'evidence.unresponsive':
    "no answer from the model in {ms} ms{clock, select, model { of the model's time} other {}}",
  'evidence.criticalSteps': 'the run is at {now} critical steps, past {factor}× its baseline of {baseline}',
} as const;
