/**
 * What a run's quality number is, by the measure its scenario is graded by (docs/metrics.md). Every
 * grader writes its score into the same field (`quality`, copied from the grade's itemF1), so the
 * number alone does not say whether it is a WideSearch item-F1, an exact-match share or a rubric's
 * mean; the scenario's kind does. The result panel and the Quality card both read it from here.
 */

import { TERMS } from '../../core/scenarios/rag-qa/own-question';
import { formatNumber } from './format';

export interface QualityMeasure {
  /** The measure's name, as the card's first words. */
  readonly name: string;
  /** How the number is made, naming the grader's criteria with their values when it has them. */
  readonly how: string;
}

/**
 * A question on the user's own knowledge base (graded by own-question.ts, whose criteria include
 * the question's terms) has no reference answer: the score must not read as "right".
 */
const ownQuestion = (criteria: Readonly<Record<string, number>>) =>
  TERMS in criteria
    ? '; the question has no reference answer, so whether the answer is right is not graded'
    : '';

const listed = (criteria: Readonly<Record<string, number>>) =>
  Object.entries(criteria)
    .map(([name, value]) => `${name} ${value.toFixed(2)}`)
    .join(', ');

export function qualityMeasure(kind: string, criteria?: Readonly<Record<string, number>>): QualityMeasure {
  const named = criteria && Object.keys(criteria).length > 0 ? criteria : undefined;
  switch (kind) {
    case 'wide-search':
      return { name: 'item-F1', how: 'WideSearch item-F1 of the table against the gold cells' };
    case 'deep-search':
      return { name: 'exact match', how: 'share of questions answered exactly' };
    case 'mixed-coding':
      return { name: 'pass@1', how: 'share of functions passing their hidden tests' };
    case 'compare-options':
      return {
        name: 'rubric score',
        how: `0.6 · pick + 0.4 · ranking${named ? ` (${listed(named)})` : ''}`,
      };
    case 'graph':
      return { name: 'completion', how: 'share of tasks completed' };
    case 'orchestration':
      return { name: 'environment quality', how: "the orchestration environment's own score" };
    case 'write-story':
    case 'teach-explain':
    case 'rag-qa':
      // Graded by rubrics (docs/metrics.md): named so where the criteria are not at hand (the Library).
      return {
        name: 'rubric score',
        how: named ? `mean of ${listed(named)}${ownQuestion(named)}` : 'mean of its rubric’s criteria',
      };
    default:
      return named
        ? { name: 'rubric score', how: `mean of ${listed(named)}` }
        : { name: 'score', how: "the grader's score in [0, 1]" };
  }
}

/** "0.8 · rubric score", the line the result panel shows above the criteria. */
export const qualityLine = (value: number, measure: QualityMeasure) =>
  `${formatNumber(value, 3)} · ${measure.name}: ${measure.how}`;
