/**
 * Words for quality measures that several kinds share: a rubric's mean, and criteria listed with
 * their values. Each kind names its own measure (ScenarioKind.quality); the page's Quality card and
 * result panel read it from there.
 */

import type { QualityWords } from './types';

/** `pick 1.00, ranking 0.67`: a grade's criteria with their values. */
export const listed = (criteria: Readonly<Record<string, number>>): string =>
  Object.entries(criteria)
    .map(([name, value]) => `${name} ${value.toFixed(2)}`)
    .join(', ');

/** Graded by a rubric (docs/metrics.md): named so even where the criteria are not at hand (the Library). */
export const rubricQuality: QualityWords = {
  name: 'rubric score',
  how: (criteria) =>
    criteria && Object.keys(criteria).length > 0
      ? `mean of ${listed(criteria)}`
      : 'mean of its rubric’s criteria',
};
