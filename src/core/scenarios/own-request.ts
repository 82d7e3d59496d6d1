/**
 * The user's own request, as a scenario file carries it (spec-common.ts, `request`): the text the
 * team works on in place of the sample instance, and the team's roles. How it is planned and graded
 * is the runtime's side (core/run/request-plan.ts).
 */

export interface OwnRequest {
  /** The request as the user typed it. */
  readonly text: string;
  /** The workers, in the order the work needs them; the scenario kind's when absent. */
  readonly workers?: readonly string[];
  /** The swarm's manager role (who merges when the last stage is split); the kind's when absent. */
  readonly manager?: string;
  /** Parts of the stage that is split, when no role repeats. @default 3 */
  readonly parts?: number;
}

export const MAX_REQUEST_CHARS = 4000;
export const MAX_PARTS = 8;
