/**
 * The orchestrator's merge (docs/simulator.md, "Merging fills the orchestrator's context"): every
 * answer it takes in fills its context; past the window the run cannot go on, and each final
 * answer is lost with a chance that grows with the fill at the moment it came in.
 */
import { keyedRng } from '../util/rng';
import { estimateTextTokens } from '../util/text-tokens';
import type { RunState } from './state';

/**
 * The orchestrator takes in an answer (docs/simulator.md, "Merging"): it fills the orchestrator's
 * context, and the fill at that moment is what the merge's error rate reads. Returns why the run
 * cannot go on when the context is past its window (the caller stops the run: context-overflow).
 */
export function merged(state: RunState, task: number, answer: string): string | undefined {
  const model = state.config.orchestrator as NonNullable<RunState['config']['orchestrator']>;
  if (state.mainTokens === 0) state.mainTokens = model.startTokens;
  state.mainTokens += estimateTextTokens(answer) + model.headerTokens;
  state.mergeFill.set(task, Math.min(1, state.mainTokens / model.window));
  return state.mainTokens > model.window
    ? `the orchestrator's context holds ${state.mainTokens} tokens, past its window of ${model.window}`
    : undefined;
}

/**
 * The answers as the orchestrator merged them (docs/simulator.md, Merging): each is lost with
 * probability mergeError × its context's fill when it came in, drawn from the run's seed and the
 * task, so the same run loses the same answers. Without an orchestrator model, all of them.
 */
export function mergedAnswers(state: RunState, answers: ReadonlyMap<string, string>): Map<string, string> {
  const model = state.config.orchestrator;
  if (!model || model.mergeError <= 0 || state.mergeFill.size === 0) return new Map(answers);
  const kept = new Map<string, string>();
  for (const [id, answer] of answers) {
    const task = state.graph.index.get(id);
    const fill = task === undefined ? 0 : (state.mergeFill.get(task) ?? 0);
    const lost = keyedRng(state.config.seed, 'merge', id).next() < model.mergeError * fill;
    if (!lost) kept.set(id, answer);
  }
  return kept;
}
