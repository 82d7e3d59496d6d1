/**
 * The Router view shows two numbers for the chosen plan: the route's confidence (and its meter)
 * and the chosen choice's bar among the candidates. They are different quantities by design
 * (docs/router.md, Candidates: "the route goes by confidence, the candidates by belief"), so they
 * can disagree on screen ("confidence 0.32" beside a bar of 0.38), which reads as a contradiction.
 * Confidence is what the arbitration queue and escalation go by, so it stays as it is; when the
 * two differ as shown (to two decimals), the view says in one line why.
 */
import { choiceLabel } from '../../core/router/choice';
import type { Route } from '../../core/router/router';
import { t } from '../i18n/t';
import { formatFixed } from '../model/format';

/** The line that explains the chosen choice's bar against the confidence, or undefined when they agree. */
export function confidenceNote(route: Route): string | undefined {
  const chosen = choiceLabel(route);
  const candidate = route.candidates.find((c) => choiceLabel(c) === chosen);
  if (!candidate) return undefined;
  const bar = formatFixed(candidate.p, 2);
  const confidence = formatFixed(route.confidence, 2);
  if (bar === confidence) return undefined;
  // The classifier's confidence is its posterior times the share of the request's words it has
  // seen; its candidates give the unseen share to the rules' belief (candidates.ts), which the
  // chosen choice usually shares in, so its bar is higher.
  if (route.source === 'classifier') {
    return t('router.whyClassifier', { bar, chosen, confidence });
  }
  // The rules' winner starts at their confidence, but dropping choices under 0.01, votes that
  // cover every workflow, or a bandit swap merging two shares move its bar off it.
  return t('router.whyRules', { bar, chosen, confidence });
}
