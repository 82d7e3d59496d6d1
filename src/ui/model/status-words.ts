/**
 * Why a run that is "done" ended, in words, beside its status. "done" alone said a run cut off by
 * its critical-steps budget had finished (a walk-through's run with a budget of 8 showed a green
 * "done" over zero steps): a run that ended for any reason but finishing its work says why, in the
 * one wording of an end (src/core/trace/end-reason.ts).
 */

import { withoutFailures } from '../../core/trace/end-reason';
import { endText } from '../i18n/end-words';

/** Why a run that is `status` ended for `reason` (run.finished's); undefined when it just finished. */
export function endNote(status: string, reason: string | undefined): string | undefined {
  if (status !== 'done' || reason === undefined || withoutFailures(reason)) return undefined;
  return endText(reason);
}
