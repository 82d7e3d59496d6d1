/**
 * The simulated reader on rag-qa subtasks (docs/simulator.md). For a sub-question it searches the
 * knowledge base with the question's words, then reads the passages that came back: the first that
 * names the entity and holds the fact answers it, cited. At the turn's error rate it reads a wrong
 * passage instead — another one naming the entity (the archive's outdated copy, when retrieval
 * brought it) — and answers from that. A user's own question (no fact to look for) is answered
 * with the returned sentence that covers most of its words, counted as own-question.ts counts them
 * (bestSentence below). The single agent does
 * the sub-questions one after another, keeping `A<n>:` notes of its answers. It reads and answers
 * in the descriptor's language (texts.ts: that language's patterns and reference sentences).
 */

import { STOP_WORDS } from '../../kb/stop-words';
import type { Player, PlayerInput, PlayerMove } from '../../providers/player';
import { KB_SEARCH_TOOL } from '../../tools/knowledge';
import { contentTokens } from '../../util/tokens';
import { segmentWords } from '../../util/words';
import { lastCalls } from '../deep-search/reading';
import type { RequestLanguage } from '../spec-types';
import { expectedForm, hasForm, questionTerms, sameStem } from './own-question';
import type { Asked, RagDescriptor } from './plan';
import { RAG_KINDS } from './plan';
import { askingById, ragTexts } from './texts';

const NOTE = /^A(\d+):\s*(.*)$/;

export function playRag(input: PlayerInput): PlayerMove {
  const d = input.descriptor as RagDescriptor | undefined;
  const language: RequestLanguage = d?.language === 'zh' || d?.language === 'ru' ? d.language : 'en';
  const notFound = ragTexts(language).notFound;
  if (!d || typeof d !== 'object') return { content: notFound, calls: [] };
  if (d.kind === 'rag-merge') {
    return { content: d.answers.map((a, i) => `${i + 1}. ${a ?? notFound}`).join('\n'), calls: [] };
  }
  const questions = d.kind === 'rag-one' ? [d.question] : d.questions;
  const notes = readNotes(input);
  const canSearch = input.tools.includes(KB_SEARCH_TOOL) && input.callsPerTurn >= 1;
  const last = lastCalls(input.messages)[0];
  let content: string | null = null;
  for (const q of questions) {
    if (notes.has(q.index)) continue;
    if (last?.name === KB_SEARCH_TOOL && last.args?.query === q.text && last.result !== undefined) {
      notes.set(q.index, answerFrom(q, last.result, input, language));
      content = d.kind === 'rag-one' ? null : `A${q.index}: ${notes.get(q.index)}`;
      continue;
    }
    if (!canSearch) {
      notes.set(q.index, notFound);
      continue;
    }
    return { content, calls: [{ name: KB_SEARCH_TOOL, args: { query: q.text } }] };
  }
  if (d.kind === 'rag-one') return { content: notes.get(d.question.index) ?? notFound, calls: [] };
  return {
    content: questions.map((q) => `${q.index}. ${notes.get(q.index) ?? notFound}`).join('\n'),
    calls: [],
  };
}

/** The single agent's answers so far, from its own notes. */
function readNotes(input: PlayerInput): Map<number, string> {
  const notes = new Map<number, string>();
  for (const m of input.messages) {
    if (m.role !== 'assistant' || typeof m.content !== 'string') continue;
    for (const line of m.content.split('\n')) {
      const n = NOTE.exec(line);
      if (n) notes.set(Number(n[1]), n[2] as string);
    }
  }
  return notes;
}

interface Passage {
  readonly cite: string;
  readonly text: string;
}

function passagesOf(result: string): Passage[] {
  return result
    .split(/\n\s*\n/)
    .map((block) => /^(\[[^\]\n]+#\d+\])\s+([\s\S]*)$/.exec(block.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ cite: m[1] as string, text: m[2] as string }));
}

function answerFrom(q: Asked, result: string, input: PlayerInput, language: RequestLanguage): string {
  const passages = passagesOf(result);
  const asking = q.asking ? askingById(q.asking, language) : undefined;
  if (!asking || !q.entity) return bestSentence(q.text, passages, language);
  const entity = q.entity;
  const reads = passages
    .map((p) => ({ p, value: factIn(p.text, entity, asking.pattern) }))
    .filter((r): r is { p: Passage; value: string } => r.value !== undefined);
  if (reads.length === 0) return ragTexts(language).notFound;
  const wrong = reads.length > 1 && input.rng.next() < input.errorRate;
  const read = wrong
    ? (reads[input.rng.int(1, reads.length - 1)] as (typeof reads)[number])
    : (reads[0] as (typeof reads)[number]);
  return `${asking.reference(entity, read.value)} ${read.p.cite}`;
}

/** The fact in the entity's paragraph of a passage: from its name to the next heading. */
function factIn(text: string, entity: string, pattern: RegExp): string | undefined {
  const at = text.indexOf(entity);
  if (at < 0) return undefined;
  const rest = text.slice(at);
  const end = rest.slice(entity.length).search(/##|\n\s*\n/);
  const paragraph = end < 0 ? rest : rest.slice(0, entity.length + end);
  return pattern.exec(paragraph)?.[1]?.trim();
}

/**
 * For a question with no known fact: the sentence of the passages that covers the most of its
 * content words (function words left out; "caused" covers "causes", own-question.ts), plus half a
 * word when it has the form the question asks for (a cause for "what causes…", a number for "how
 * many…"), among sentences of 4 to 60 words. A sentence that merely shares one word ("Spring tides
 * happen at full and new moon.") thus loses to the one that answers ("The tides are caused by…").
 * A tie goes to the passage the search ranked higher, then to the shorter sentence.
 * English counts words between spaces, as it always has; Chinese and Russian count the words
 * `Intl.Segmenter` finds and share content tokens by util/tokens.ts (Han characters one by one).
 */
function bestSentence(question: string, passages: readonly Passage[], language: RequestLanguage): string {
  const english = language === 'en';
  const tokens = (text: string) => (english ? contentWords(text) : contentTokens(text, language));
  // English drops question words with the search's stop words; the others by own-question.ts.
  const words = english ? [...new Set(contentWords(question))] : questionTerms(question, language);
  const form = expectedForm(question, language);
  let best: { score: number; length: number; sentence: string; cite: string } | undefined;
  for (const p of passages) {
    for (const raw of p.text.split(english ? /(?<=[.!?])\s+|\n/ : /(?<=[.!?])\s+|(?<=[。！？])|\n/)) {
      const sentence = raw.trim();
      const length = english ? sentence.split(/\s+/).length : segmentWords(sentence).length;
      if (length < 4 || length > 60) continue;
      const have = tokens(sentence);
      const covered = words.filter((w) => have.some((h) => sameStem(w, h))).length;
      if (covered === 0) continue;
      const score = covered + (form && hasForm(sentence, form, language) ? 0.5 : 0);
      // Passages come in the search's order: a strictly better score is needed to pass an earlier one.
      if (
        best === undefined ||
        score > best.score ||
        (score === best.score && length < best.length && p.cite === best.cite)
      ) {
        best = { score, length, sentence, cite: p.cite };
      }
    }
  }
  return best ? `${best.sentence} ${best.cite}` : ragTexts(language).notFound;
}

const contentWords = (text: string): string[] =>
  (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= 3 && !STOP_WORDS.has(w));

/** This kind's players by descriptor kind: what its `players()` loads (players.ts). */
export const players: Readonly<Record<string, Player>> = Object.fromEntries(
  RAG_KINDS.map((k) => [k, playRag]),
);
