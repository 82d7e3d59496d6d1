/**
 * The scenario files (`scenarios/*.json`) as the code reads them once validated
 * (src/core/scenarios/spec.ts checks a file against these shapes and names the field that is wrong).
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
  /** What the orchestrator pays to brief subagents and merge their answers (docs/simulator.md). */
  readonly orchestrator?: OrchestratorSpec;
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
}

export interface WideColumnSpec {
  /** Column header in the table. */
  readonly name: string;
  /** The entity's attribute or link it holds (a link is written as the linked entity's name). */
  readonly attr: string;
  /** WideSearch rule (src/core/scenarios/wide-search/grade.ts). @default 'string' */
  readonly rule?: 'exact' | 'string' | 'judge' | 'number' | 'url' | 'date' | 'contains';
  /** Relative tolerance of a `number` column. */
  readonly tolerance?: number;
}

export interface WideSearchSpec extends CommonSpec {
  readonly kind: 'wide-search';
  /** The kind of entity each row is about; size = rows. */
  readonly entity: EntityKind;
  /** Header of the key column, which holds the entity's name. */
  readonly key: string;
  readonly columns: readonly WideColumnSpec[];
  /** Rows one subagent fills in the swarm decomposition. */
  readonly rowsPerAgent: number;
}

export interface DeepSearchSpec extends CommonSpec {
  readonly kind: 'deep-search';
  /** size = hops per question (2–6). Independent questions in one instance. @default 1 */
  readonly questions?: number;
}

export interface MixedCodingSpec extends CommonSpec {
  readonly kind: 'mixed-coding';
  /** size = functions to write. Chance that a function builds on an earlier one. @default 0.5 */
  readonly dependencyShare?: number;
  /** Time limit of one run_js call. @default 1000 */
  readonly timeoutMs?: number;
}

/** A story from a request (theme, style, characters, length); size = plot points (3–7). */
export interface WriteStorySpec extends CommonSpec {
  readonly kind: 'write-story';
  /** The language of the request, the simulated story and the grading rules. @default 'en' */
  readonly language?: RequestLanguage;
}

/** A lesson on a topic for a grade, with exercises and answers; size = exercises (3–12). */
export interface TeachExplainSpec extends CommonSpec {
  readonly kind: 'teach-explain';
  /** The language of the request, the simulated lesson and the grading rules. @default 'en' */
  readonly language?: RequestLanguage;
  /** Exercises one subagent writes in the swarm decomposition. @default 3 */
  readonly exercisesPerAgent?: number;
}

/**
 * Questions answered from notes with citations; size = sub-questions (1–4). `notes`: a folder of
 * notes generated from the offline world, with reference answers; `knowledge-base`: the user's
 * own knowledge base (a port the caller lends), answering `question`.
 */
export interface RagQaSpec extends CommonSpec {
  readonly kind: 'rag-qa';
  /** The language of the notes, the questions and the grading rules. @default 'en' */
  readonly language?: RequestLanguage;
  /** @default 'notes' */
  readonly corpus?: 'notes' | 'knowledge-base';
  /** The question asked of a `knowledge-base` corpus. */
  readonly question?: string;
  /** Chunking of the generated notes, in tokens. @default 128 and 16 */
  readonly chunkSize?: number;
  readonly overlap?: number;
  /** Passages one search returns. @default 3 */
  readonly topK?: number;
}

/**
 * A choice among options on weighted criteria; size = options (3–8). Its decentralized team has
 * `peers` peers discussing for at most `rounds` rounds.
 */
export interface CompareOptionsSpec extends CommonSpec {
  readonly kind: 'compare-options';
  /** @default 3 */
  readonly peers?: number;
  /** @default 2 */
  readonly rounds?: number;
}

export type TaskScenarioSpec =
  | WideSearchSpec
  | DeepSearchSpec
  | MixedCodingSpec
  | WriteStorySpec
  | TeachExplainSpec
  | RagQaSpec
  | CompareOptionsSpec;

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
