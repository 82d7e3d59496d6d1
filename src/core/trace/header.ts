/**
 * A trace's first line (TraceHeader): enough to rerun the run — its scenario, seed, policy,
 * profiles, plan and settings. The events that follow it are events.ts's.
 */
import type { DecisionLog, PlanMode, PlayMode, PolicyChoice, TopologyWord, TRACE_SCHEMA } from './events';
import type { Preference } from './preference';

/**
 * The team a meta-router planned for the request (docs/router.md, plans): the topology, the
 * manager's role and the workers' roles. Kept in the trace so a dataset of plans can be cut from
 * logged runs; traces from before one vocabulary say `centralized` and `decentralized`.
 */
export interface TeamPlanRecord {
  readonly thought: string;
  readonly topology: TopologyWord;
  readonly manager_role: string | null;
  readonly workers: readonly string[];
}

export interface ProfileRecord {
  readonly model: string;
  readonly hash: string;
}

/** The first line of a trace: enough to rerun it. */
export interface TraceHeader {
  readonly schema: typeof TRACE_SCHEMA;
  readonly scenario: { readonly id: string; readonly kind: string; readonly title?: string };
  readonly seed: number;
  readonly policy: string;
  /** A trained policy's checkpoint: `sha256:` of its canonical JSON, naming exactly what decided. */
  readonly policyCheckpoint?: string;
  /** What a learned policy chose before the task was split (single or swarm, or a bandit's arm). */
  readonly planChoices?: readonly PolicyChoice[];
  /**
   * How a learned policy chose in this run: `greedy` took each head's likeliest option (so the
   * choice's behaviour probability was 1, whatever `probability` says its distribution gave it),
   * `sample` drew from the distribution (behaviour probability = `probability`). Absent in traces
   * from before it was recorded, all of them greedy.
   */
  readonly play?: PlayMode;
  /** Each learned head's options, by head, in the order `DecisionLog.heads` gives them. */
  readonly decisionOptions?: Readonly<Record<string, readonly string[]>>;
  /** The plan decision in full (or a bandit's arm): what off-policy evaluation recomputes. */
  readonly planDecision?: DecisionLog;
  readonly provider: string;
  /**
   * The frozen profiles the run may use. Task scenarios give each one's model and the SHA-256 of
   * its definition, so a trace names exactly what ran; graph runs list names only.
   */
  readonly profiles: readonly string[] | Readonly<Record<string, ProfileRecord>>;
  /** The context strategy of every agent, when agents ran. */
  readonly context?: { readonly name: string };
  /** The instance size (rows, hops, functions), for task scenarios. */
  readonly size?: number;
  /** What was asked, as the single agent reads it (task scenarios): the router learns from it. */
  readonly query?: string;
  /** The query's language, detected from its script (util/words.ts): en, zh, ru or und. */
  readonly language?: 'en' | 'zh' | 'ru' | 'und';
  /** The team that ran it, when a plan chose it (router plans) or the policy implies one. */
  readonly plan?: TeamPlanRecord;
  /**
   * How the task was split: one agent (`single`), the scenario's decomposition (`swarm`) or its
   * peers. Task scenarios only; absent from traces stored before it was recorded.
   */
  readonly planMode?: PlanMode;
  /**
   * A swarm's cut beyond its kind's own plan, when it had one: units of work per shard, and
   * replicas per part whose answers voted (scenarios/cut.ts). A stored run is remade with it.
   */
  readonly planCut?: { readonly shard?: number; readonly replicas?: number };
  /**
   * The role each task was done in (task id → role), when a team plan named roles: the run's
   * agents are shown by the roles of the tasks they ran.
   */
  readonly roles?: Readonly<Record<string, string>>;
  /**
   * The run worked on the user's own request (`query`), not on the scenario's sample instance
   * (run/request-plan.ts): graded on completion only.
   */
  readonly ownRequest?: true;
  /**
   * The own request as it was asked (its text, and the team it named when it named one), so the
   * run can be made again from its trace (`swarm replay`, `swarm fork`). Older traces have only
   * `ownRequest` and `query`.
   */
  readonly request?: {
    readonly text: string;
    readonly workers?: readonly string[];
    readonly manager?: string;
    readonly parts?: number;
  };
  /**
   * The user's cost and time preference, when it was not the default {cost: 1, time: 1}: the
   * multipliers of the reward's μ and η the run was scored and played under (trace/preference.ts).
   */
  readonly preference?: Preference;
  readonly budgets: Readonly<Record<string, number | null>>;
  readonly join: string;
  readonly mainStepCost: number;
  readonly failurePolicy: string;
  readonly onBudgetExhausted: string;
  readonly retry: Readonly<Record<string, number | boolean>>;
}
