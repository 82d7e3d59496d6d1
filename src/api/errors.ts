/**
 * The one error the swarm control API throws for bad input. Callers (a script, the console, an
 * iframe bridge that must turn it into a message) branch on `code`, never on the wording, and
 * `field` names the part of the task or options that was wrong. A refused call changes nothing.
 */

export type SwarmApiErrorCode =
  /** No swarm has this id (never created, or created by another API instance). */
  | 'unknown-swarm'
  /** The task failed validation: `field` names what was wrong. */
  | 'invalid-task'
  /** The swarm options failed validation: `field` names what was wrong. */
  | 'invalid-options'
  /** The swarm was terminated: it takes no more tasks and cannot be terminated again. */
  | 'terminated'
  /** The swarm finished (every task ended): it takes no more tasks. */
  | 'finished'
  /**
   * `analyze` refused its input before sending anything: `field` names it (`question`, `image`,
   * `provider`, `run`).
   */
  | 'invalid-analysis';

export class SwarmApiError extends Error {
  override readonly name = 'SwarmApiError';
  readonly code: SwarmApiErrorCode;
  /** The offending field, as a path into the task or options (`size`, `options.concurrency`). */
  readonly field: string | undefined;

  constructor(code: SwarmApiErrorCode, message: string, field?: string) {
    super(message);
    this.code = code;
    this.field = field;
  }

  /** Plain data, for a bridge that posts errors across a frame (an Error does not clone its class). */
  toJSON(): { name: string; code: SwarmApiErrorCode; message: string; field?: string } {
    return {
      name: this.name,
      code: this.code,
      message: this.message,
      ...(this.field !== undefined ? { field: this.field } : {}),
    };
  }
}

export function isSwarmApiError(error: unknown): error is SwarmApiError {
  return error instanceof SwarmApiError;
}
