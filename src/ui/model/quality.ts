/**
 * What a run's quality number is, by the measure its scenario is graded by (docs/metrics.md). Every
 * grader writes its score into the same field (`quality`, copied from the grade's itemF1), so the
 * number alone does not say whether it is a WideSearch item-F1, an exact-match share or a rubric's
 * mean; the scenario's kind does. The result panel and the Quality card both read it from here.
 */

import { listed } from '../../core/scenarios/quality-words';
import { kindOf } from '../../core/scenarios/registry';
import { formatNumber } from './format';

export interface QualityMeasure {
  /** The measure's name, as the card's first words. */
  readonly name: string;
  /** How the number is made, naming the grader's criteria with their values when it has them. */
  readonly how: string;
}

/**
 * The measure a run is graded by, named like a kind: a run on the user's own request is graded on
 * completion (core/run/request-plan.ts, requestGrade), unless its kind grades own requests itself
 * (ScenarioKind.gradeRequest: the general kind's rubric).
 */
export const OWN_REQUEST_MEASURE = 'own-request';

/** The kind whose measure grades this run: its scenario's, or the own request's. */
export const measureKindOf = (header: {
  readonly scenario: { readonly kind: string };
  readonly ownRequest?: true;
}): string =>
  header.ownRequest && !kindOf(header.scenario.kind)?.gradeRequest
    ? OWN_REQUEST_MEASURE
    : header.scenario.kind;

/** How a run of the user's own request on a scenario of this kind is graded, as a phrase. */
export const ownRequestGrading = (kind: string | undefined): string =>
  kind !== undefined && kindOf(kind)?.gradeRequest
    ? "on completion and a rubric its merged answer is checked against: it carries every part, is not the parts glued together, and uses the request's key terms"
    : 'on completion only: there is no reference answer';

export function qualityMeasure(kind: string, criteria?: Readonly<Record<string, number>>): QualityMeasure {
  if (kind === OWN_REQUEST_MEASURE)
    return {
      name: 'completion',
      how: "share of the team's parts that answered; your own request has no reference answer to grade against",
    };
  const named = criteria && Object.keys(criteria).length > 0 ? criteria : undefined;
  // Each task kind names its own measure (ScenarioKind.quality); graph runs and retired kinds here.
  const own = kindOf(kind)?.quality;
  if (own) return { name: own.name, how: own.how(named) };
  if (kind === 'graph') return { name: 'completion', how: 'share of tasks completed' };
  if (kind === 'orchestration')
    return { name: 'environment quality', how: "the orchestration environment's own score" };
  return named
    ? { name: 'rubric score', how: `mean of ${listed(named)}` }
    : { name: 'score', how: "the grader's score in [0, 1]" };
}

/** "0.8 · rubric score", the line the result panel shows above the criteria. */
export const qualityLine = (value: number, measure: QualityMeasure) =>
  `${formatNumber(value, 3)} · ${measure.name}: ${measure.how}`;
