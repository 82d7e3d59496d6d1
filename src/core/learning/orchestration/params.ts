/**
 * The orchestration environment's parameters, as data: the mechanisms that make an orchestrator's
 * choices matter (docs/simulator.md, "The orchestration environment", explains each one and why
 * it is there). Every number here is a design decision: change it here and the docs' table.
 */

export const KINDS = ['wide-search', 'deep-search', 'mixed-coding'] as const;
export type Kind = (typeof KINDS)[number];
export const PROFILES = ['small', 'medium', 'large'] as const;
export type ProfileName = (typeof PROFILES)[number];

export interface KindParams {
  /** Share of instances of this kind. */
  readonly weight: number;
  /** Units of work (rows, questions, functions) in train and validation instances. */
  readonly units: readonly [number, number];
  /** Units in test instances: wider on both sides, so test asks for what training never showed. */
  readonly testUnits: readonly [number, number];
  /** Agent turns one unit takes (a question is several hops; a row is one lookup). */
  readonly turnsPerUnit: number;
  /** Context one unit adds to the agent doing it (tool results, notes). */
  readonly tokensPerUnit: number;
  /** Context one unit's answer adds to the orchestrator's when it is merged. */
  readonly answerTokens: number;
  /** Range of an instance's mean unit difficulty (0 easy … 1 hard). */
  readonly difficulty: readonly [number, number];
}

export interface ProfileParams {
  /** Price per 1,000 tokens read, in cost units. */
  readonly price: number;
  /** Step-time one turn takes: larger models are slower per turn, not only dearer. */
  readonly turnSteps: number;
  /** Difficulty the profile gets right about as often as `accuracy.offset` says (higher: better). */
  readonly skill: number;
  /** Context window in tokens: an agent whose context passes it fails. */
  readonly window: number;
}

export interface EnvParams {
  readonly kinds: Readonly<Record<Kind, KindParams>>;
  readonly profiles: Readonly<Record<ProfileName, ProfileParams>>;
  /** Concurrency limit (inference engines, or a rate limit) per instance: train and validation, then test. */
  readonly engines: readonly [number, number];
  readonly testEngines: readonly [number, number];
  /** Critical-steps budget as a multiple of the instance's solo time on `medium`. */
  readonly budgetFactor: readonly [number, number];
  readonly testBudgetFactor: readonly [number, number];
  /** Spread of unit difficulty around the instance mean, and noise of the cue the orchestrator sees. */
  readonly difficultySpread: number;
  readonly cueNoise: number;
  /** P(correct) = logistic(slope · (skill − difficulty) + offset − fillPenalty · context fill). */
  readonly accuracy: { readonly slope: number; readonly offset: number; readonly fillPenalty: number };
  /** P(an attempt crashes) = base + hard · max(0, mean difficulty − skill). */
  readonly failure: { readonly base: number; readonly hard: number };
  /** Chance that two wrong answers to one unit agree (and can outvote a right one). */
  readonly wrongAgree: number;
  readonly agent: {
    /** A subagent's system prompt and brief: context it starts with (and pays for every turn). */
    readonly overheadTokens: number;
  };
  readonly main: {
    /** The orchestrator's profile: its price and window (solo runs use the chosen profile instead). */
    readonly profile: ProfileName;
    /** S_main = base + perCall · calls written + perAnswer · answers merged in that step. */
    readonly base: number;
    readonly perCall: number;
    readonly perAnswer: number;
    /**
     * Main steps per spare created: a create call carries no brief (what it would do is not known
     * yet), so it is shorter to write than an assignment. An idle spare takes no turns.
     */
    readonly perSpare: number;
    /** The orchestrator's own prompt and the task statement (per unit). */
    readonly overheadTokens: number;
    readonly taskTokensPerUnit: number;
    /** Tokens of an answer's envelope (who, which units), on top of the units' answers. */
    readonly headerTokens: number;
    /** P(a merged unit is garbled) = mergeError · the orchestrator's context fill. */
    readonly mergeError: number;
  };
  /** Attempts per shard, the first included; then the shard is degraded. */
  readonly maxAttempts: number;
  /** Subagents alive at once. */
  readonly maxSubagents: number;
  /** r_perf = quality · [within budget] − mu · cost / reference cost − eta · critical steps / budget. */
  readonly reward: { readonly mu: number; readonly eta: number };
}

export const defaultEnvParams: EnvParams = {
  kinds: {
    'wide-search': {
      weight: 1,
      units: [6, 48],
      testUnits: [4, 72],
      turnsPerUnit: 1,
      tokensPerUnit: 500,
      answerTokens: 60,
      difficulty: [0, 0.8],
    },
    'deep-search': {
      weight: 1,
      units: [2, 16],
      testUnits: [1, 24],
      turnsPerUnit: 4,
      tokensPerUnit: 1400,
      answerTokens: 40,
      difficulty: [0.2, 1],
    },
    'mixed-coding': {
      weight: 1,
      units: [3, 24],
      testUnits: [2, 36],
      turnsPerUnit: 3,
      tokensPerUnit: 1000,
      answerTokens: 220,
      difficulty: [0.1, 0.9],
    },
  },
  profiles: {
    small: { price: 1, turnSteps: 0.8, skill: 0.3, window: 16_000 },
    medium: { price: 3, turnSteps: 1, skill: 0.55, window: 32_000 },
    large: { price: 6, turnSteps: 1.25, skill: 0.8, window: 64_000 },
  },
  engines: [2, 16],
  testEngines: [1, 32],
  budgetFactor: [0.8, 3],
  testBudgetFactor: [0.5, 4],
  difficultySpread: 0.12,
  cueNoise: 0.12,
  accuracy: { slope: 8, offset: 1.5, fillPenalty: 1.5 },
  failure: { base: 0.04, hard: 0.5 },
  wrongAgree: 0.3,
  agent: { overheadTokens: 3_000 },
  main: {
    profile: 'medium',
    base: 1,
    perCall: 0.5,
    perAnswer: 0.5,
    perSpare: 0.05,
    overheadTokens: 1_000,
    taskTokensPerUnit: 30,
    headerTokens: 60,
    mergeError: 0.4,
  },
  maxAttempts: 3,
  maxSubagents: 64,
  reward: { mu: 0.15, eta: 0.3 },
};
