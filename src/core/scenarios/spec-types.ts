import type { OwnRequest } from './own-request';
/**
 * What every scenario file has, as the code reads it once validated (spec.ts names the field that
 * is wrong), and the frozen profiles. Each kind's own fields are in its folder (`<kind>/spec.ts`);
 * the union of every kind's file is registry.ts's `TaskScenarioSpec`.
 */

import type { ContextSpec } from '../agents/context/registry';
import type { SimulatorParams } from '../providers/simulated';
import type { Budgets, FailurePolicy, JoinMode } from '../runtime/config';
import type { RewardWeights } from '../trace/metrics';
import type { EntityKind } from '../world/types';

/** The languages a workflow scenario's requests, simulated answers and graders come in. */
export const REQUEST_LANGUAGES = ['en', 'zh', 'ru'] as const;
export type RequestLanguage = (typeof REQUEST_LANGUAGES)[number];

/** How `--size` may be set, and its default. */
export interface SizeSpec {
  readonly default: number;
  readonly min: number;
  readonly max: number;
}

/** The world an instance is drawn from (src/core/world/generate.ts). */
export interface WorldSpec {
  /** Entities of each kind; a wide table of N rows raises its own kind to at least N. */
  readonly counts?: Partial<Record<EntityKind, number>>;
  readonly staleShare?: number;
  readonly mirrorShare?: number;
}

/** What every task scenario file has. */
export interface CommonSpec {
  readonly id: string;
  readonly title?: string;
  readonly description?: string;
  readonly size: SizeSpec;
  /** Profile of the subagents (and of the single agent) unless the plan picks one. @default 'medium' */
  readonly profile?: string;
  /** Context strategy of every agent. @default { name: 'hide-tool-result' } */
  readonly context?: ContextSpec;
  readonly budgets?: Partial<Budgets>;
  readonly join?: JoinMode;
  readonly failurePolicy?: FailurePolicy;
  readonly mainStepCost?: number;
  readonly world?: WorldSpec;
  /**
   * What the reward charges for cost and critical steps (docs/metrics.md). `costReferencePerUnit`
   * makes the reference cost grow with the instance's size. @default no charge: reward = quality
   */
  readonly reward?: RewardSpec;
  /**
   * Model engines the agents share, or a range drawn per instance (docs/simulator.md, Engines).
   * @default one per agent
   */
  readonly engines?: number | readonly [number, number];
  /** The range an instance's difficulty (0 easy … 1 hard) is drawn from. @default [0, 0] */
  readonly difficulty?: readonly [number, number];
  /**
   * How far one part of a split task may be harder or easier than the instance (docs/simulator.md,
   * Difficulty): each task of a swarm plan draws its own difficulty within ± this of the
   * instance's. @default 0
   */
  readonly taskSpread?: number;
  /** What the orchestrator pays to brief subagents and merge their answers (docs/simulator.md). */
  readonly orchestrator?: OrchestratorSpec;
  /**
   * The user's own request, run by the team in place of the sample instance (run/request-plan.ts).
   * Only a real model can answer one.
   */
  readonly request?: OwnRequest;
}

export type RewardSpec = Omit<RewardWeights, 'costReference'> & {
  readonly costReference?: number;
  /** The reference cost per unit of size (a row, a hop, a function): used when costReference is absent. */
  readonly costReferencePerUnit?: number;
};

export interface OrchestratorSpec {
  /** Step-time each brief adds to its decision (rounded up per decision). */
  readonly briefSteps: number;
  /** Output tokens of one brief, at the orchestrator's price. */
  readonly briefTokens: number;
  /** Tokens of the orchestrator's own prompt; the task statement is added to it. */
  readonly promptTokens: number;
  /** Tokens of each answer's envelope. */
  readonly headerTokens: number;
  /** P(a final answer is lost in the merge) per unit of context fill. */
  readonly mergeError: number;
  /**
   * Output tokens of the system prompt the orchestrator writes for each subagent it creates, at
   * its price: a subagent that is never given work still cost this. @default 0
   */
  readonly spawnTokens?: number;
}

/** A frozen profile (scenarios/profiles.json). */
export interface ProfileSpec {
  readonly description?: string;
  /** The model per provider: simulated, webllm, openai. */
  readonly models: Readonly<Record<string, string>>;
  readonly contextWindow: number;
  readonly maxOutputTokens: number;
  /** Capabilities: the tools this profile may call. */
  readonly allowedTools: readonly string[];
  readonly systemPrompt: string;
  /** Cost units per input and output token. */
  readonly price: { readonly input: number; readonly output: number };
  readonly simulator: SimulatorParams;
}
