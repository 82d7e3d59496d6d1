/**
 * How a run ended, in the page's language. English is the core's one wording of an end
 * (core/trace/end-reason.ts `endWords`); a translation picks its own words by the reason, written
 * as an ICU select key (`budget:maxTokens` → maxTokens, `context-overflow` → contextOverflow), and
 * says an end it does not know in the core's words.
 */

import { BUDGET_NAMES, budgetReason, endWords } from '../../core/trace/end-reason';
import { t } from './t';

export function endText(end: string): string {
  const budget = BUDGET_NAMES.find((b) => budgetReason(b) === end);
  const reason = (budget ?? end).replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
  return t('end.words', { reason, words: endWords(end) });
}
