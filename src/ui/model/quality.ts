/**
 * What a run's quality number is, by the measure its scenario is graded by (docs/metrics.md). Every
 * grader writes its score into the same field (`quality`, copied from the grade's itemF1), so the
 * number alone does not say whether it is a WideSearch item-F1, an exact-match share or a rubric's
 * mean; the scenario's kind does. The result panel and the Quality card both read it from here.
 */

import { listed } from '../../core/scenarios/quality-words';
import { kindOf } from '../../core/scenarios/registry';
import { t } from '../i18n/t';
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
    ? t('quality.gradedRubric')
    : t('quality.gradedCompletion');

export function qualityMeasure(kind: string, criteria?: Readonly<Record<string, number>>): QualityMeasure {
  if (kind === OWN_REQUEST_MEASURE)
    return {
      name: t('quality.completion'),
      how: t('quality.ownHow'),
    };
  const named = criteria && Object.keys(criteria).length > 0 ? criteria : undefined;
  // Each task kind names its own measure (ScenarioKind.quality); graph runs and retired kinds here.
  const own = kindOf(kind)?.quality;
  if (own) return { name: own.name, how: own.how(named) };
  if (kind === 'graph') return { name: t('quality.completion'), how: t('quality.graphHow') };
  if (kind === 'orchestration') return { name: t('quality.environment'), how: t('quality.environmentHow') };
  return named
    ? { name: t('quality.rubric'), how: t('quality.rubricHow', { criteria: listed(named) }) }
    : { name: t('quality.score'), how: t('quality.scoreHow') };
}

/** "0.8 · rubric score", the line the result panel shows above the criteria. */
export const qualityLine = (value: number, measure: QualityMeasure) =>
  `${formatNumber(value, 3)} · ${measure.name}: ${measure.how}`;
