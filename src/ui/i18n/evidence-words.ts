/**
 * An anomaly's evidence and a chaos fault, as the page says them. The trace keeps the core's
 * English evidence (core/healing/evidence.ts), what the CLI and the API print; the page reads the
 * facts back from it and says them with the catalogue's message for the kind, its numbers in the
 * page's format. Evidence the core did not write from facts (a crash's own message, an older
 * trace's wording) is shown as it is.
 */

import { evidenceFacts } from '../../core/healing/evidence';
import { type AnomalyKind, anomalyKinds, type FaultKind } from '../../core/trace/events';
import { formatNumber } from '../model/format';
import { type MessageId, t } from './t';
import { type Said, type Words, words } from './words';

const MESSAGES: Readonly<Partial<Record<AnomalyKind, MessageId>>> = {
  slow: 'evidence.slow',
  'runaway-tokens': 'evidence.runawayTokens',
  'runaway-tools': 'evidence.runawayTools',
  'capability-violation': 'evidence.capabilityViolation',
  'error-burst': 'evidence.errorBurst',
  loop: 'evidence.loop',
  unresponsive: 'evidence.unresponsive',
  'critical-steps': 'evidence.criticalSteps',
};

/** Facts a message counts with (a plural): given as numbers, the others as the page writes them. */
const COUNTED = new Set(['tokens', 'calls', 'errors', 'times']);

/** The evidence of an anomaly of `kind`, as words when the core wrote it from facts, else as it is. */
export function evidenceWords(kind: AnomalyKind, evidence: string): Said {
  const id = MESSAGES[kind];
  const facts = id === undefined ? undefined : evidenceFacts(kind, evidence);
  if (id === undefined || facts === undefined) return evidence;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(facts))
    values[name] = typeof value === 'number' && !COUNTED.has(name) ? formatNumber(value, 1) : value;
  return words(id, values);
}

/**
 * A failed attempt's reason, said in the page's language when it is a quarantine's
 * (core/healing/monitor.ts `quarantineReason`: "quarantined: loop: …"); any other as it is.
 */
export function failureWords(error: string): Said {
  const match = /^quarantined: ([\w-]+): (.*)$/s.exec(error);
  const kind = anomalyKinds.find((k) => k === match?.[1]);
  if (!match || kind === undefined) return error;
  return words('incident.quarantined', { kind, evidence: evidenceWords(kind, match[2] ?? '') });
}

/** What happened, by an incident's type: "fault put in", "detected", "healing". */
export const incidentWhat = (type: 'fault' | 'anomaly' | 'action'): string =>
  t(type === 'fault' ? 'incident.fault' : type === 'anomaly' ? 'incident.anomaly' : 'incident.action');

/** What a chaos fault makes its agent do: "its model never answers". */
export const faultAbout = (fault: FaultKind): Words => words('fault.about', { fault });
