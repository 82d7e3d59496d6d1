import type { TaskSpec } from '../graph/types';

/** Bumped on any change a reader of an older trace would misread. */
export const TRACE_SCHEMA = 'swarmflight.trace/1';
export const TRACE_SCHEMA_VERSION = 1;

/** Resource use, with token counts under their OpenTelemetry GenAI names. */
export interface Usage {
  readonly steps: number;
  readonly toolCalls: number;
  readonly 'gen_ai.usage.input_tokens': number;
  readonly 'gen_ai.usage.output_tokens': number;
}

export const noUsage: Usage = {
  steps: 0,
  toolCalls: 0,
  'gen_ai.usage.input_tokens': 0,
  'gen_ai.usage.output_tokens': 0,
};

/**
 * How a task is split, one vocabulary for the router, the page, the API, the CLI and the trace:
 * `single` one agent, `swarm` an orchestrator over frozen subagents, `peers` agents with no
 * orchestrator (a decentralized team). They are the plan modes (`planMode`) and the router's
 * topologies.
 */
export const TOPOLOGIES = ['single', 'swarm', 'peers'] as const;
export type TopologyWord = (typeof TOPOLOGIES)[number];
/** The plan modes are the topologies: one list, one union (`PlanMode` of scenarios/types.ts). */
export type PlanMode = TopologyWord;

/** Words older traces and plan files used for the same, read as today's. */
export const OLD_TOPOLOGY_WORDS: Readonly<Record<string, TopologyWord>> = {
  centralized: 'swarm',
  decentralized: 'peers',
};

/**
 * Words the learned policies used for two of them, `solo` and `spawn`, as checkpoints (a plan
 * option, a feature, a bandit arm's width), fixed settings and their traces' decisions wrote them.
 */
export const OLD_PLAN_WORDS: Readonly<Record<string, TopologyWord>> = { solo: 'single', spawn: 'swarm' };

/** A learned plan option or arm, old words or new, in today's: `spawn/vote3` → `swarm/vote3`. */
export function todaysPlanWords(option: string): string {
  const [head, ...rest] = option.split('/');
  const word = head !== undefined && Object.hasOwn(OLD_PLAN_WORDS, head) ? OLD_PLAN_WORDS[head] : head;
  return [word, ...rest].join('/');
}

/** A topology word, old or new, as today's word; undefined for one that is neither. */
export const topologyOf = (word: string): TopologyWord | undefined =>
  (TOPOLOGIES as readonly string[]).includes(word)
    ? (word as TopologyWord)
    : Object.hasOwn(OLD_TOPOLOGY_WORDS, word)
      ? OLD_TOPOLOGY_WORDS[word]
      : undefined;

/**
 * One choice a learned policy made and the probability its own distribution gave it (a greedy
 * run takes the likeliest option; a sampling one draws): what off-policy evaluation needs.
 */
export interface PolicyChoice {
  /** The decision: `plan` (single or swarm), `width`, `profile`, `control`, or a bandit's `arm`. */
  readonly head: string;
  readonly option: string;
  readonly probability: number;
}

/** How a learned policy chose: the likeliest option of each head, or a draw from its distribution. */
export const PLAY_MODES = ['greedy', 'sample'] as const;
export type PlayMode = (typeof PLAY_MODES)[number];

/**
 * Everything one learned decision was made from, so that another policy's probability of the same
 * actions can be computed offline (off-policy evaluation, docs/learning.md): the features the heads
 * saw, each head's whole distribution, and which joint options would have taken the very same
 * runtime actions (options that differ only where nothing depended on them: the width of a wave of
 * one task, the retry choice of a wave with no failed task, everything but `finish` when it
 * finishes). The header's `decisionOptions` names each head's options.
 */
export interface DecisionLog {
  /** The feature vector the heads saw (`features` of the checkpoint, in order). */
  readonly features: readonly number[];
  /** Each head's probabilities over its options; an option the decision masked out has 0. */
  readonly heads: Readonly<Record<string, readonly number[]>>;
  /** The options the task allowed, by head, where the task masks some (the plan's cuts). */
  readonly allowed?: Readonly<Record<string, readonly number[]>>;
  /**
   * The joint options that act as the choice did: mixed-radix indices over `heads` in key order,
   * the last head's option fastest. The choice itself is always among them.
   */
  readonly same: readonly number[];
}

/** What the orchestrator sees before and after a decision (counts of tasks by state). */
export interface Observation {
  readonly ready: number;
  readonly running: number;
  readonly waiting: number;
  readonly done: number;
  readonly failed: number;
  readonly skipped: number;
  readonly idleSubagents: number;
  readonly subagents: number;
}

export type ActionRecord =
  | { readonly type: 'spawn'; readonly count: number; readonly profile: string }
  | { readonly type: 'assign'; readonly subagent: string; readonly task: string }
  | { readonly type: 'join'; readonly subagents: readonly string[] }
  | { readonly type: 'replan'; readonly scope: string }
  | { readonly type: 'tool_call'; readonly tool: string; readonly args: unknown }
  /**
   * Give up a task whose attempt failed, rather than try it again: it and its dependents are
   * skipped, and the run goes on without that part (a policy's `degrade`).
   */
  | { readonly type: 'give_up'; readonly task: string }
  | {
      readonly type: 'finish';
      readonly answer?: string;
      /** Why the orchestrator ended the run, when it was not done (run.finished's detail). */
      readonly reason?: string;
    };

export interface Grade {
  readonly 'pass@1': number;
  readonly itemF1: number;
  readonly rowF1: number;
  readonly success: boolean;
  /**
   * The parts a rubric grader averaged into its score, each in [0, 1] (a story's length,
   * characters, scenes and name consistency), so a reader sees why a run scored what it did.
   */
  readonly criteria?: Readonly<Record<string, number>>;
}

/** What the detectors can see (docs/healing.md). */
export const anomalyKinds = [
  'crash',
  'loop',
  'runaway-tools',
  'runaway-tokens',
  'error-burst',
  'capability-violation',
  'unresponsive',
  'slow',
  'critical-steps',
] as const;
export type AnomalyKind = (typeof anomalyKinds)[number];

/** What the self-healing loop can do. */
export const healingActions = ['quarantine', 'replace'] as const;
export type HealingAction = (typeof healingActions)[number];

/** The faults a chaos run can inject. */
export const faultKinds = ['hang', 'loop', 'crash', 'malformed', 'inject', 'slow'] as const;
export type FaultKind = (typeof faultKinds)[number];

interface Base {
  readonly seq: number;
  /** Step-time. */
  readonly t: number;
  /** Wall-clock ms since the run began: the only field allowed to differ between reruns. */
  readonly wallMs: number;
}

export type TraceEvent = Base &
  (
    | { readonly type: 'run.started'; readonly workers: number; readonly tasks: readonly TaskSpec[] }
    | {
        readonly type: 'orchestrator.step';
        readonly step: number;
        /**
         * This step's S_main in step-time, when it differs from the header's mainStepCost: a
         * runtime decision that wrote briefs (config.orchestrator.briefSteps each), or in the
         * orchestration environment assigning and merging. Absent: the header's mainStepCost.
         */
        readonly main?: number;
        readonly observation: Observation;
        readonly actions: readonly ActionRecord[];
        readonly invalid: readonly { readonly action: ActionRecord; readonly reason: string }[];
        /** Per-step shaping signal: subagents put to work now, as a share of the maximum. */
        readonly rewardProxy: number;
        readonly nextObservation: Observation;
        /** A learned policy's choices at this decision, with their probabilities. */
        readonly choices?: readonly PolicyChoice[];
        /** The decision in full: features, every head's distribution, the choices acting alike. */
        readonly decision?: DecisionLog;
      }
    | { readonly type: 'subagent.spawned'; readonly subagent: string; readonly profile: string }
    /**
     * Every dependency of the task resolved: it may start. Once per task (a retry's readiness is
     * `task.retried`'s readyAt). Traces of older versions lack it; readers derive it there.
     */
    | { readonly type: 'task.ready'; readonly task: string }
    | {
        readonly type: 'task.assigned';
        readonly task: string;
        readonly subagent: string;
        readonly attempt: number;
      }
    | {
        readonly type: 'task.started';
        readonly task: string;
        readonly subagent: string;
        readonly attempt: number;
      }
    | {
        readonly type: 'task.finished';
        readonly task: string;
        readonly subagent: string;
        readonly attempt: number;
        readonly usage: Usage;
        /**
         * The answer, only when no model turn of the attempt holds it: a peer's position settled
         * without a model call once every peer agreed (AttemptOutcome.settled).
         */
        readonly answer?: string;
        /** The worker that ran the attempt, when attempts went to other machines (AttemptOutcome.worker). */
        readonly worker?: string;
      }
    | {
        readonly type: 'task.failed';
        readonly task: string;
        readonly subagent: string;
        readonly attempt: number;
        readonly error: string;
        /** True when no retry follows: the task ends failed. */
        readonly final: boolean;
        readonly usage: Usage;
        readonly worker?: string;
      }
    | {
        readonly type: 'task.retried';
        readonly task: string;
        readonly attempt: number;
        readonly readyAt: number;
      }
    | { readonly type: 'task.degraded'; readonly task: string; readonly attempt: number }
    | { readonly type: 'task.skipped'; readonly task: string; readonly cause: string }
    | {
        readonly type: 'task.cancelled';
        readonly task: string;
        readonly reason: string;
        /** Set when an attempt was running or about to start. */
        readonly attempt?: number;
        readonly subagent?: string;
      }
    | {
        readonly type: 'llm.turn';
        readonly subagent: string;
        readonly task?: string;
        readonly attempt?: number;
        readonly finishReason: string;
        /** The text the model wrote this turn (its answer, or thoughts beside its tool calls). */
        readonly content?: string;
        readonly 'gen_ai.usage.input_tokens': number;
        readonly 'gen_ai.usage.output_tokens': number;
      }
    /**
     * What an agent was told when an attempt began: its system prompt and its first user message.
     * With the turns' content and tool calls after it, an attempt's whole trajectory is in the trace.
     */
    | {
        readonly type: 'agent.context';
        readonly subagent: string;
        readonly task?: string;
        readonly attempt?: number;
        readonly system: string;
        readonly prompt: string;
      }
    /**
     * A message between agents of a decentralized run, delivered on the shared board: `to` is a
     * peer's id or `all`. Sent with `communicate(target, message)` in round `round`, read by its
     * targets in the next round.
     */
    | {
        readonly type: 'agent.message';
        readonly from: string;
        readonly to: string;
        readonly round: number;
        readonly content: string;
      }
    | {
        readonly type: 'tool.call';
        readonly caller: string;
        readonly callId: string;
        readonly tool: string;
        readonly args: unknown;
        readonly ok: boolean;
        readonly result: string;
        /** A model orchestrator's call refused before it ran (bad JSON, unknown agent…): an invalid action. */
        readonly refused?: true;
        /** Why an agent's call was not run: a tool it does not have, or arguments that do not fit. */
        readonly rejection?:
          | 'malformed-arguments'
          | 'unknown-tool'
          | 'refused-capability'
          | 'invalid-arguments';
      }
    /**
     * A detector saw an agent misbehave (src/core/healing/detectors.ts): `kind` names the anomaly,
     * `evidence` says what was seen, with the measured `value` and the `threshold` it crossed.
     */
    | {
        readonly type: 'anomaly.detected';
        readonly kind: AnomalyKind;
        readonly subagent: string;
        readonly task?: string;
        readonly attempt?: number;
        readonly evidence: string;
        readonly value?: number;
        readonly threshold?: number;
      }
    /** What the self-healing loop did about an anomaly (src/core/healing/monitor.ts). */
    | {
        readonly type: 'healing.action';
        readonly action: HealingAction;
        readonly subagent: string;
        readonly task?: string;
        readonly attempt?: number;
        readonly reason: string;
      }
    /** A fault a chaos run put into this agent on purpose (src/core/healing/chaos.ts). */
    | {
        readonly type: 'chaos.fault';
        readonly fault: FaultKind;
        readonly subagent: string;
        readonly task: string;
        readonly attempt: number;
      }
    | {
        readonly type: 'budget.exhausted';
        readonly budget: string;
        readonly limit: number;
        readonly used: number;
      }
    | ({
        readonly type: 'run.graded';
        /**
         * What the run handed its user, the answer that was graded (task scenarios; absent from
         * traces stored before it was recorded, and when nothing came through).
         */
        readonly answer?: string;
      } & Grade)
    | {
        readonly type: 'run.finished';
        readonly reason: string;
        /** Why a breaker tripped, in words. */
        readonly detail?: string;
        readonly metrics: Readonly<Record<string, number>>;
      }
  );

export type TraceEventType = TraceEvent['type'];
/** A TraceEvent without its envelope, as the runtime builds it. */
export type EventBody = TraceEvent extends infer E
  ? E extends TraceEvent
    ? Omit<E, keyof Base>
    : never
  : never;
