/**
 * The rubric a general request's answer is checked against (docs/metrics.md, "general"), the same
 * for the sample task and for a user's own request. A request that fits no workflow has no reference
 * answer, so nothing here needs a model: each criterion is a fact about the words.
 *
 * - `completion`: the share of the plan's tasks that answered.
 * - `coverage`: the share of the parts the merge read (the answering task's dependencies that
 *   answered) whose words the answer carries: a part is carried when at least a third of its key
 *   words are in the answer. With no parts (one agent) it is 1.
 * - `merged`: the share of those parts that are not in the answer word for word: an answer that is
 *   the parts glued together scores 0. A part under `VERBATIM_CHARS` characters may be quoted whole.
 * - `terms`: the share of the request's key terms the answer uses (its first `MAX_TERMS`).
 *
 * With no answer every criterion but completion is 0. The score is their mean; the run succeeds
 * when there is an answer, every part is carried and none is glued in, and at least half the terms
 * are used.
 */

import type { Grade } from '../../trace/events';
import type { Plan } from '../types';

export const MAX_TERMS = 12;
export const VERBATIM_CHARS = 40;
/** A part is carried when this share of its key words is in the answer. */
export const CARRIED_SHARE = 1 / 3;

// Words that say what to do or join a sentence, not what the request is about.
const STOP = new Set(
  `about above after again also among and answer before being below between both brief briefly
  because could cover covering describe does doing down during each every explain from give help here into
  just like make many more most much need only other over please same short should some such tell
  than that their them then there these they this those through very want what when where which
  while with would write your yours`.split(/\s+/),
);

// Scripts written without spaces: their words are read as pairs of characters.
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** The key words of a text, in order, each once: words of 4 letters or more, pairs in CJK text. */
export function keyWords(text: string): string[] {
  const out: string[] = [];
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (UNSPACED.test(word)) {
      const chars = [...word];
      if (chars.length === 1) out.push(word);
      for (let i = 0; i + 1 < chars.length; i++) out.push(`${chars[i]}${chars[i + 1]}`);
    } else if ([...word].length >= 4 && !STOP.has(word) && !/^\d+$/.test(word)) out.push(word);
  }
  return [...new Set(out)];
}

/** Whether `text`'s words hold `term`: the same word, or one of the same stem (its first letters). */
function uses(words: ReadonlySet<string>, text: string, term: string): boolean {
  if (UNSPACED.test(term)) return text.includes(term);
  if (words.has(term)) return true;
  const chars = [...term];
  const stem = chars.slice(0, Math.max(4, chars.length - 2)).join('');
  for (const w of words) if (w.startsWith(stem)) return true;
  return false;
}

const flat = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/** The criteria of `answer` to `request`, given the parts it merged. */
export function rubricCriteria(
  request: string,
  answer: string | undefined,
  parts: readonly string[],
  completion: number,
): Record<string, number> {
  const text = (answer ?? '').trim();
  if (text === '') return { completion, coverage: 0, merged: 0, terms: 0 };
  const lower = text.toLowerCase();
  const words = new Set(lower.match(/[\p{L}\p{N}]+/gu) ?? []);
  const share = (xs: readonly unknown[], ok: number) => (xs.length === 0 ? 1 : ok / xs.length);
  const carried = parts.filter((part) => {
    const own = keyWords(part);
    return own.length === 0 || own.filter((w) => uses(words, lower, w)).length >= CARRIED_SHARE * own.length;
  }).length;
  const answerFlat = flat(text);
  const glued = parts.filter((part) => {
    const p = flat(part);
    return p.length >= VERBATIM_CHARS && answerFlat.includes(p);
  }).length;
  const terms = keyWords(request).slice(0, MAX_TERMS);
  const used = terms.filter((t) => uses(words, lower, t)).length;
  return {
    completion,
    coverage: share(parts, carried),
    merged: share(parts, parts.length - glued),
    terms: share(terms, used),
  };
}

/**
 * The answer a plan hands its user and the parts it merged: the answer of the one task no other
 * builds on, and its dependencies' answers. Several such tasks are parts no one merged.
 */
export function answerAndParts(
  plan: Plan,
  answers: ReadonlyMap<string, string>,
): { answer: string | undefined; parts: string[] } {
  const said = (id: string) => {
    const a = answers.get(id);
    return a !== undefined && a.trim() !== '' ? a : undefined;
  };
  const needed = new Set(plan.tasks.flatMap((t) => t.deps));
  const last = plan.tasks.filter((t) => !needed.has(t.id));
  if (last.length === 1) {
    const sink = last[0] as Plan['tasks'][number];
    return { answer: said(sink.id), parts: sink.deps.flatMap((d) => said(d) ?? []) };
  }
  const ends = last.flatMap((t) => said(t.id) ?? []);
  return { answer: ends.length > 0 ? ends.join('\n\n') : undefined, parts: ends };
}

/** The run's grade by the rubric: its mean is the quality (itemF1). */
export function rubricGrade(request: string, plan: Plan, answers: ReadonlyMap<string, string>): Grade {
  const answeredTasks = plan.tasks.filter((t) => (answers.get(t.id) ?? '').trim() !== '').length;
  const completion = plan.tasks.length === 0 ? 0 : answeredTasks / plan.tasks.length;
  const { answer, parts } = answerAndParts(plan, answers);
  const criteria = rubricCriteria(request, answer, parts, completion);
  const values = Object.values(criteria);
  const score = values.reduce((a, b) => a + b, 0) / values.length;
  const success =
    answer !== undefined && criteria.coverage === 1 && criteria.merged === 1 && (criteria.terms ?? 0) >= 0.5;
  return { 'pass@1': success ? 1 : 0, itemF1: score, rowF1: score, success, criteria };
}
