/**
 * A stored run's name in the Library: its scenario's title, policy and seed, or the user's own
 * request and policy. The store keeps it in English (the record, whatever the page spoke then);
 * the page says a name it wrote in its own language now, and any other (an imported file's name,
 * an older record's) as it is. The scenario's title is scenario content and stays as written.
 */

import type { RunSummary } from '../../core/trace/store';
import { findScenario } from '../catalog';
import { type Said, say, sayEnglish, type Words, words } from '../i18n/words';

/** A sample run's name: "Wide search · heuristic · seed 7". */
export const sampleRunLabel = (title: string, policy: string, seed: number): Words =>
  words('runLabel.sample', { title, policy, seed });

/** A run of the user's own request: "“Find the…” · heuristic". */
export const requestRunLabel = (text: string, policy: string): Words =>
  words('runLabel.request', { text, policy });

/** The words of a stored run's English name, when the page wrote it; else the name as it is. */
export function storedRunLabelWords(run: Pick<RunSummary, 'label' | 'scenario' | 'policy' | 'seed'>): Said {
  for (const title of [run.scenario.title, findScenario(run.scenario.id)?.title]) {
    if (title === undefined) continue;
    const sample = sampleRunLabel(title, run.policy, run.seed);
    if (sayEnglish(sample) === run.label) return sample;
  }
  const suffix = ` · ${run.policy}`;
  if (run.label.startsWith('“') && run.label.endsWith(`”${suffix}`)) {
    const request = requestRunLabel(run.label.slice(1, -1 - suffix.length), run.policy);
    if (sayEnglish(request) === run.label) return request;
  }
  return run.label;
}

/** A stored run's name in the page's language. */
export const storedRunLabel = (run: Pick<RunSummary, 'label' | 'scenario' | 'policy' | 'seed'>): string =>
  say(storedRunLabelWords(run));
