/**
 * What the swarm has done so far, for the detectors to compare one agent with the rest: tool calls
 * and tokens per finished attempt, and the wall time per output token of every model turn. Shared by every attempt
 * of a run (one instance per run).
 */
export class SwarmStats {
  readonly toolCalls: number[] = [];
  readonly tokens: number[] = [];
  readonly turnMs: number[] = [];
  /** Wall ms of every reply of a real model that came back: the pace its watchdog learns (watchdog.ts). */
  readonly replyMs: number[] = [];
  /** Attempts that ended healthy (no anomaly): the baseline the others are held to. */
  attemptEnded(toolCalls: number, tokens: number): void {
    this.toolCalls.push(toolCalls);
    this.tokens.push(tokens);
  }
  turn(ms: number): void {
    this.turnMs.push(ms);
    // A long run keeps its recent turns: the median of the last thousand is as good as of all.
    if (this.turnMs.length > 1000) this.turnMs.splice(0, this.turnMs.length - 1000);
  }
  reply(ms: number): void {
    this.replyMs.push(ms);
    if (this.replyMs.length > 1000) this.replyMs.splice(0, this.replyMs.length - 1000);
  }
}
