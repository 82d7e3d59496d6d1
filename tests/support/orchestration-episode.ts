import { readFileSync } from 'node:fs';
import type { TraceEvent } from '../../src/core/trace/events';
import type { TraceHeader } from '../../src/core/trace/header';
import { decodeTrace } from '../../src/core/trace/jsonl';

/**
 * A trace the retired orchestration environment wrote (setting spawn/2/1/medium/retry on instance
 * 3, 5 or 20), kept as a file: browsers still hold such traces in their Library, and the Run view
 * must keep opening them truthfully (orchestrator steps with their own S_main, cost relative to a
 * reference, no wall clock or tool calls modelled).
 */
export function orchestrationEpisode(instance: 3 | 5 | 20): { header: TraceHeader; events: TraceEvent[] } {
  const text = readFileSync(
    new URL(`../fixtures/traces/orchestration-episode-${instance}.jsonl`, import.meta.url),
    'utf8',
  );
  const decoded = decodeTrace(text);
  if (!decoded.ok) throw new Error(`fixture trace is not valid: ${JSON.stringify(decoded.problems)}`);
  return { header: decoded.header, events: [...decoded.events] };
}
