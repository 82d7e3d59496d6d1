/**
 * The rag-qa grader (docs/metrics.md, "Answers from notes"): per sub-question, three criteria in
 * [0, 1], averaged over sub-questions and then together into the run's quality.
 *
 * - citations: the answer cites at least one passage, and a cited passage exists in the knowledge
 *   base and contains the answer's support — every number the answer states, and at least 70% of
 *   its content tokens (words of three letters or more, numbers and Han characters, without the
 *   language's stop words and the citation itself);
 * - retrieval: a cited passage is the gold one — from the gold file, naming the entity and holding
 *   the gold value (a passage of the archive's outdated copy is not);
 * - f1: token-level F1 of the answer against the reference sentence, after SQuAD's normalisation
 *   made language-aware (util/tokens.ts: NFC, lower case, ё → е, punctuation dropped; words by
 *   `Intl.Segmenter`, Han characters one token each; the articles a, an, the dropped in English).
 *
 * The instance's language picks the stop words and the articles; the citation syntax is the same
 * in every language. A question asked of the user's own knowledge base has no reference, so its
 * rightness is not measured: it is graded on citations and on what own-question.ts can measure
 * without one (the question's terms covered, the answer's form), never a perfect score by default.
 */

import { citationsIn, type KnowledgeSearch } from '../../tools/knowledge';
import type { Grade } from '../../trace/events';
import { answerTokens, contentTokens, numbersIn } from '../../util/tokens';
import type { Language } from '../../util/words';
import type { Plan } from '../types';
import type { RagQaInstance } from './generate';
import { ownCriteria } from './own-question';
import { MERGE_TASK, SINGLE_TASK, subTaskId } from './plan';

export async function gradeRag(
  instance: RagQaInstance,
  plan: Plan,
  answers: ReadonlyMap<string, string>,
  kb: KnowledgeSearch,
): Promise<Grade> {
  const language = instance.language ?? 'en';
  const lines = numberedLines(answers.get(plan.mode === 'single' ? SINGLE_TASK : MERGE_TASK) ?? '');
  const scored = await Promise.all(
    instance.questions.map(async (q) => {
      const answer =
        (plan.mode === 'swarm' ? answers.get(subTaskId(q.index)) : undefined) ?? lines.get(q.index) ?? '';
      const cited = await citedPassages(answer, kb);
      const supported = cited.some((text) => supports(text, stripCitations(answer), language));
      const gold = q.reference
        ? cited.some(
            (text, i) =>
              citationsIn(answer)[i]?.source === q.goldSource &&
              text.includes(q.entity ?? '') &&
              text.includes(q.value ?? ''),
          )
        : undefined;
      const scores: Record<string, number> = {
        citations: supported ? 1 : 0,
        ...(gold === undefined ? {} : { retrieval: gold ? 1 : 0 }),
        // Without a reference, citations alone would give an answer that misses the question a
        // perfect score: what can be measured of the answer against the question is added.
        ...(q.reference
          ? { f1: tokenF1(stripCitations(answer), q.reference, language) }
          : ownCriteria(q.text, stripCitations(answer), language, supported)),
      };
      return scores;
    }),
  );
  // Each criterion averaged over the sub-questions that have it, in the order they first appear.
  const criteria: Record<string, number> = {};
  for (const name of new Set(scored.flatMap((s) => Object.keys(s)))) {
    const values = scored.map((s) => s[name]).filter((v): v is number => v !== undefined);
    criteria[name] = values.reduce((a, b) => a + b, 0) / values.length;
  }
  const values = Object.values(criteria);
  const quality = values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
  const success = values.length > 0 && values.every((v) => v === 1);
  return { 'pass@1': success ? 1 : 0, itemF1: quality, rowF1: quality, success, criteria };
}

/** `1. …` lines by number; a reply with no numbers is the answer to question 1. */
export function numberedLines(text: string): Map<number, string> {
  const out = new Map<number, string>();
  for (const line of text.split('\n')) {
    const m = /^\s*(\d+)[.)]\s+(.*)$/.exec(line);
    if (m && !out.has(Number(m[1]))) out.set(Number(m[1]), m[2] as string);
  }
  if (out.size === 0 && text.trim() !== '') out.set(1, text.trim());
  return out;
}

/** The texts of the passages an answer cites, in order; a citation of no passage gives ''. */
async function citedPassages(answer: string, kb: KnowledgeSearch): Promise<string[]> {
  return Promise.all(citationsIn(answer).map(async (c) => (await kb.chunk(c.source, c.chunk)) ?? ''));
}

const stripCitations = (text: string): string => text.replace(/\[[^\]\n]+#\d+\]/g, ' ');

/**
 * The passage holds the answer's support: every number of the answer (a figure is the fact: the
 * right words around another figure do not support it) and at least 70% of its content tokens.
 */
export function supports(passage: string, answer: string, language: Language = 'en'): boolean {
  const words = contentTokens(answer, language);
  if (words.length === 0 || passage === '') return false;
  const have = new Set(contentTokens(passage, language));
  if (!numbersIn(words).every((n) => have.has(n))) return false;
  return words.filter((w) => have.has(w)).length / words.length >= 0.7;
}

/** SQuAD's token F1 (Rajpurkar et al., 2016) after its normalisation, in the language's tokens. */
export function tokenF1(prediction: string, reference: string, language: Language = 'en'): number {
  const p = answerTokens(prediction, language);
  const r = answerTokens(reference, language);
  if (p.length === 0 || r.length === 0) return p.length === r.length ? 1 : 0;
  const counts = new Map<string, number>();
  for (const w of r) counts.set(w, (counts.get(w) ?? 0) + 1);
  let common = 0;
  for (const w of p) {
    const n = counts.get(w) ?? 0;
    if (n > 0) {
      common++;
      counts.set(w, n - 1);
    }
  }
  if (common === 0) return 0;
  const precision = common / p.length;
  const recall = common / r.length;
  return (2 * precision * recall) / (precision + recall);
}
