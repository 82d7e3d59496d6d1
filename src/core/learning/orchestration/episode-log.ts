/**
 * What happened in one orchestration episode, step by step, for a trace (./trace.ts): the
 * episode fills it only when asked, so training pays nothing for it.
 */
import type { ProfileName } from './params';

export interface LoggedAttempt {
  /** Index of the shard in EpisodeLog.shards. */
  readonly shard: number;
  readonly replica: number;
  /** 1 for the first attempt. */
  readonly attempt: number;
  readonly profile: ProfileName;
  /** Steps of work, from the start of its wave. */
  readonly steps: number;
  readonly tokens: number;
  readonly outcome: 'answered' | 'crashed' | 'overflowed';
  /** A retry after a crash, on the subagent that crashed (no new subagent spawned). */
  readonly reused: boolean;
  /** What the orchestrator chose after a failure. */
  recovery?: 'retry' | 'escalate' | 'degrade';
}

export interface LoggedWave {
  /** When the orchestrator's step that writes this wave's calls began. */
  readonly t: number;
  /** Steps of that orchestrator step (S_main). */
  readonly mainSteps: number;
  /** Tokens the orchestrator read in that step: its context, once per step of it. */
  readonly mainTokens: number;
  readonly attempts: LoggedAttempt[];
}

export interface EpisodeLog {
  solo: boolean;
  shards: { readonly units: number; readonly profile: ProfileName }[];
  spares: number;
  waves: LoggedWave[];
  /** The orchestrator's last step: merging the last answers, and answering. */
  final?: { readonly t: number; readonly mainSteps: number; readonly mainTokens: number };
  /** The orchestrator submitted the partial answer before every unit was in. */
  submittedAt?: number;
}

export const emptyLog = (): EpisodeLog => ({ solo: false, shards: [], spares: 0, waves: [] });
