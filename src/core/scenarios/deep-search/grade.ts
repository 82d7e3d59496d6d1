/**
 * Deep-search grading: each question's final answer against its gold name, exact match after the
 * WideSearch `norm_str` (case, spaces and `*` ignored), as BrowseComp scores a short answer.
 */

import type { Grade } from '../../trace/events';
import type { Plan } from '../types';
import { normStr } from '../wide-search/normalize';
import type { DeepSearchInstance } from './generate';
import { hopTaskId } from './plan';

const Q_LINE = /^\s*\**\s*Q\s*(\d+)\s*\**\s*[:.)]\s*(.*)$/i;

/**
 * The answers of one reply that covers every question, by question index: lines `Q1: name`; a
 * reply to a one-question task may also be the bare name. The first line of each question counts.
 */
export function parseAnswerLines(text: string, questions: number): Map<number, string> {
  const answers = new Map<number, string>();
  for (const line of text.split('\n')) {
    const m = Q_LINE.exec(line);
    if (m && !answers.has(Number(m[1]))) answers.set(Number(m[1]), m[2]!);
  }
  if (answers.size === 0 && questions === 1 && text.trim() !== '') answers.set(1, text.trim());
  return answers;
}

/**
 * Each question's answer as the run gives it, in question order: the single agent's `Qn:` line, or
 * the last hop of the question's chain. What is graded, and what the run hands back.
 */
export function predictedAnswers(
  instance: DeepSearchInstance,
  plan: Plan,
  answers: ReadonlyMap<string, string>,
): (string | undefined)[] {
  const questions = instance.questions;
  if (plan.mode === 'single') {
    const reply = answers.get(plan.tasks[0]?.id ?? '');
    const lines = parseAnswerLines(typeof reply === 'string' ? reply : '', questions.length);
    return questions.map((q) => lines.get(q.index));
  }
  return questions.map((q) => answers.get(hopTaskId(q.index, q.relations.length)));
}

/** The run's answer: each question with the answer it got, so a name reads against its question. */
export function deepSearchAnswer(
  instance: DeepSearchInstance,
  plan: Plan,
  answers: ReadonlyMap<string, string>,
): string | undefined {
  const predicted = predictedAnswers(instance, plan, answers);
  if (predicted.every((a) => a === undefined || a.trim() === '')) return undefined;
  return instance.questions
    .map((q, i) => {
      const a = predicted[i]?.trim();
      return `Q${q.index}. ${q.text}\nA: ${a ? a : '(no answer came through)'}`;
    })
    .join('\n\n');
}

export function gradeDeepSearch(
  instance: DeepSearchInstance,
  plan: Plan,
  answers: ReadonlyMap<string, string>,
): Grade {
  const questions = instance.questions;
  const predicted = predictedAnswers(instance, plan, answers);
  const right = questions.filter((q, i) => {
    const answer = predicted[i];
    return typeof answer === 'string' && answer.trim() !== '' && normStr(answer) === normStr(q.gold);
  }).length;
  const share = questions.length === 0 ? 0 : right / questions.length;
  return {
    'pass@1': share,
    itemF1: share,
    rowF1: share,
    success: questions.length > 0 && right === questions.length,
  };
}
