/**
 * The `llm` orchestrator of the orchestration environment: a model behind the Provider port makes
 * every decision (plan, profile, recovery, control), one model call each, through
 * playInstanceAsync (./async-episode.ts). The prompts are in ./llm-prompt.ts.
 *
 * The model's reply is untrusted. A reply that is not the JSON asked for (prose, a broken object,
 * an option that does not exist) is answered once with what was wrong; if the second reply is no
 * better, the decision falls back to a safe default — the heuristic baseline's choice
 * (`spawn/1/1/medium/retry`, and `go`; src/core/bench/orchestration-baselines.ts), the runtime's
 * own habit, which never overflows a window and never gives work up on its own — and is counted.
 * A provider that throws (network, abort) is not a bad answer: the error goes to the caller.
 */
import type { ChatMessage, ChatUsage, Provider } from '../../providers/types';
import type { AsyncOrchestrationPolicy, PendingDecision } from './async-episode';
import { fixedOrchestrator, type OrchestrationPolicy, type PlanChoice, parseSetting } from './decisions';
import { decisionMessage, optionLabel, readReply, systemPrompt } from './llm-prompt';
import { defaultEnvParams, type EnvParams } from './params';

/** The subtask kind the simulated provider's orchestration player answers (simulated-orchestrator.ts). */
export const ORCHESTRATION_KIND = 'orchestration-decision';

/** The default of a decision the model did not answer: the heuristic baseline's choices. */
export const FALLBACK_SETTING = 'spawn/1/1/medium/retry';

export interface LlmOrchestratorOptions {
  readonly provider: Provider;
  readonly model: string;
  /** The profile the simulated provider plays the model as (real providers ignore it). @default 'large' */
  readonly profile?: string;
  /** The environment's parameters, for the numbers in the system prompt. @default defaultEnvParams */
  readonly params?: EnvParams;
  /** Replies per decision before the fallback: the first and one more after a refusal. @default 2 */
  readonly attempts?: number;
  /** Decides what the model could not. @default the heuristic baseline */
  readonly fallback?: OrchestrationPolicy;
  /** An answer is a few dozen tokens; the cap keeps a rambling model from costing more. @default 120 */
  readonly maxOutputTokens?: number;
  /** @default 0 */
  readonly seed?: number;
  /** Stops the model calls, unless playInstanceAsync passes a signal of its own (that one is used). */
  readonly signal?: AbortSignal;
  readonly name?: string;
}

export interface DecisionRecord {
  /** The instance's seed. */
  readonly seed: number;
  readonly kind: PendingDecision['kind'];
  /** The option chosen, by name ("spawn/2/1/spares-none", "large", "retry", "go"). */
  readonly answer: string;
  /** Model calls it took. */
  readonly replies: number;
  /** What was wrong with each refused reply. */
  readonly refused: readonly string[];
  /** The model never answered validly: the fallback decided. */
  readonly fallback: boolean;
  /** Tokens over its calls, as the provider reported them. */
  readonly promptTokens: number;
  readonly completionTokens: number;
}

export interface LlmOrchestrator extends AsyncOrchestrationPolicy {
  /** Replies refused so far (each bad reply, the retried ones included). */
  invalidAnswers(): number;
  /** Decisions the fallback made because no reply was valid. */
  fallbacks(): number;
  /** Every decision so far, in order. */
  decisions(): readonly DecisionRecord[];
}

const correction = (message: string) =>
  `That answer was refused: ${message}. Answer again with the JSON object only.`;

export function llmOrchestrator(options: LlmOrchestratorOptions): LlmOrchestrator {
  const params = options.params ?? defaultEnvParams;
  const system = systemPrompt(params);
  const attempts = Math.max(1, options.attempts ?? 2);
  const fallback = options.fallback ?? fixedOrchestrator(parseSetting(FALLBACK_SETTING), 'heuristic');
  const records: DecisionRecord[] = [];
  let invalid = 0;
  let fellBack = 0;
  // Decisions asked so far per instance: each call's subtask id, by which the simulated provider
  // keys its draws, so an instance's answers do not depend on what was played before it.
  const asked = new Map<number, number>();

  async function decide(d: PendingDecision, signal: AbortSignal | undefined): Promise<PlanChoice | number> {
    const seed = d.kind === 'plan' ? d.view.seed : d.view.instance.seed;
    const index = d.kind === 'plan' ? 0 : (asked.get(seed) ?? 0);
    asked.set(seed, index + 1);
    const id = `orchestration-${seed}-${index}`;
    const messages: ChatMessage[] = [
      { role: 'system', content: system },
      { role: 'user', content: decisionMessage(params, d) },
    ];
    const refused: string[] = [];
    const usage = { prompt: 0, completion: 0 };
    const record = (answer: string, fallback: boolean) =>
      records.push({
        seed,
        kind: d.kind,
        answer,
        replies: refused.length + (fallback ? 0 : 1),
        refused,
        fallback,
        promptTokens: usage.prompt,
        completionTokens: usage.completion,
      });
    for (let turn = 1; turn <= attempts; turn++) {
      const s = signal ?? options.signal;
      const response = await options.provider.complete({
        model: options.model,
        messages: [...messages],
        response_format: { type: 'json_object' },
        max_tokens: options.maxOutputTokens ?? 120,
        temperature: 0,
        seed: options.seed ?? 0,
        metadata: {
          profile: options.profile ?? 'large',
          turn,
          subtask: { id, descriptor: { kind: ORCHESTRATION_KIND, decision: d.kind } },
        },
        ...(s ? { signal: s } : {}),
      });
      add(usage, response.usage);
      const text = response.choices[0]?.message.content ?? null;
      const reading = readReply(d.kind, text);
      if (reading.ok) {
        record(reading.label, false);
        return reading.choice;
      }
      invalid++;
      refused.push(reading.message);
      messages.push(
        { role: 'assistant', content: text ?? '' },
        { role: 'user', content: correction(reading.message) },
      );
    }
    fellBack++;
    const choice = fallbackChoice(fallback, d);
    record(optionLabel(d.kind, choice), true);
    return choice;
  }

  return {
    name: options.name ?? 'llm',
    plan: async (view, signal) => (await decide({ kind: 'plan', view }, signal)) as PlanChoice,
    profile: async (view, signal) => (await decide({ kind: 'profile', view }, signal)) as number,
    recover: async (view, signal) => (await decide({ kind: 'recover', view }, signal)) as number,
    control: async (view, signal) => (await decide({ kind: 'control', view }, signal)) as number,
    invalidAnswers: () => invalid,
    fallbacks: () => fellBack,
    decisions: () => records,
  };
}

/** Usage a provider may leave out (a server that sends none): counted as 0, not NaN. */
function add(total: { prompt: number; completion: number }, usage: ChatUsage | undefined): void {
  total.prompt += Number.isFinite(usage?.prompt_tokens) ? (usage?.prompt_tokens as number) : 0;
  total.completion += Number.isFinite(usage?.completion_tokens) ? (usage?.completion_tokens as number) : 0;
}

function fallbackChoice(policy: OrchestrationPolicy, d: PendingDecision): PlanChoice | number {
  switch (d.kind) {
    case 'plan':
      return policy.plan(d.view);
    case 'profile':
      return policy.profile(d.view);
    case 'recover':
      return policy.recover(d.view);
    case 'control':
      return policy.control(d.view);
  }
}
