/**
 * Cutting a document into passages of about `chunkSize` tokens (the project's token estimate,
 * src/core/providers/tokens.ts), each starting `overlap` tokens before the previous one ended so a
 * sentence cut by a boundary is whole in one of them. Boundaries prefer a paragraph's end, then a
 * sentence's, then a word's: the text is cut into such units first, and a passage is the longest
 * run of whole units that fits. Each passage keeps its character offsets in the document.
 */

import { estimateTextTokens } from '../providers/tokens';
import { KbError } from './errors';

export interface ChunkOptions {
  readonly chunkSize: number;
  readonly overlap: number;
}

export interface TextChunk {
  readonly text: string;
  /** Character offsets in the document: [start, end). */
  readonly start: number;
  readonly end: number;
  readonly tokens: number;
}

export const DEFAULT_CHUNKING: ChunkOptions = { chunkSize: 512, overlap: 64 };

export function checkChunking(o: ChunkOptions, flags = { size: 'chunkSize', overlap: 'overlap' }): void {
  if (!Number.isInteger(o.chunkSize) || o.chunkSize < 8) {
    throw new KbError(`${flags.size} must be a whole number of tokens ≥ 8, got ${o.chunkSize}`);
  }
  if (!Number.isInteger(o.overlap) || o.overlap < 0) {
    throw new KbError(`${flags.overlap} must be a whole number of tokens ≥ 0, got ${o.overlap}`);
  }
  if (o.overlap >= o.chunkSize) {
    throw new KbError(`${flags.size} (${o.chunkSize}) must be larger than ${flags.overlap} (${o.overlap})`);
  }
}

interface Unit {
  readonly start: number;
  readonly end: number;
  readonly tokens: number;
  /** The unit ends a paragraph: a better place to end a passage than a sentence's end. */
  readonly paragraphEnd: boolean;
}

export function chunkText(text: string, options: ChunkOptions = DEFAULT_CHUNKING): TextChunk[] {
  checkChunking(options);
  const units = unitsOf(text, options.chunkSize);
  const chunks: TextChunk[] = [];
  let first = 0;
  while (first < units.length) {
    // The longest run of whole units that fits, ended at a paragraph's end when one is in the
    // last third of it.
    let last = first;
    let tokens = (units[first] as Unit).tokens;
    while (last + 1 < units.length && tokens + (units[last + 1] as Unit).tokens <= options.chunkSize) {
      last++;
      tokens += (units[last] as Unit).tokens;
    }
    if (last + 1 < units.length) {
      let sum = tokens;
      for (let i = last; i > first; i--) {
        if ((units[i] as Unit).paragraphEnd && sum >= (options.chunkSize * 2) / 3) {
          tokens = sum;
          last = i;
          break;
        }
        sum -= (units[i] as Unit).tokens;
      }
    }
    // The estimate of a whole passage can run a little above the sum of its sentences'
    // (separators count): drop units from its end until it fits.
    while (
      last > first &&
      estimateTextTokens(text.slice((units[first] as Unit).start, (units[last] as Unit).end)) >
        options.chunkSize
    ) {
      last--;
    }
    const start = (units[first] as Unit).start;
    const end = (units[last] as Unit).end;
    chunks.push({
      text: text.slice(start, end).trim(),
      start,
      end,
      tokens: estimateTextTokens(text.slice(start, end)),
    });
    if (last + 1 >= units.length) break;
    // The next passage starts with the last units of this one that fit in the overlap.
    let next = last + 1;
    let back = 0;
    while (next - 1 > first && back + (units[next - 1] as Unit).tokens <= options.overlap) {
      next--;
      back += (units[next] as Unit).tokens;
    }
    first = next;
  }
  return chunks.filter((c) => c.text !== '');
}

/** Sentences (paragraph ends marked), and words of any sentence longer than a passage. */
function unitsOf(text: string, max: number): Unit[] {
  const units: Unit[] = [];
  const sentence = /[^.!?\n]*(?:[.!?]+["')\]]*(?=\s|$)|\n|$)/g;
  for (const para of text.matchAll(/\S[\s\S]*?(?=\n\s*\n|$)/g)) {
    const base = para.index;
    const body = para[0];
    const before = units.length;
    for (const m of body.matchAll(sentence)) {
      if (m[0].trim() === '') continue;
      const start = base + m.index;
      const end = start + m[0].length;
      const tokens = estimateTextTokens(m[0]);
      if (tokens <= max) units.push({ start, end, tokens, paragraphEnd: false });
      // One at a time: a 2 MB sentence is hundreds of thousands of words, past the arguments a
      // spread may pass ("Maximum call stack size exceeded").
      else for (const word of wordsOf(text, start, end)) units.push(word);
    }
    if (units.length > before) {
      const lastUnit = units[units.length - 1] as Unit;
      units[units.length - 1] = { ...lastUnit, paragraphEnd: true };
    }
  }
  return units;
}

function wordsOf(text: string, from: number, to: number): Unit[] {
  const out: Unit[] = [];
  for (const w of text.slice(from, to).matchAll(/\S+\s*/g)) {
    const start = from + w.index;
    out.push({
      start,
      end: start + w[0].length,
      tokens: Math.max(1, estimateTextTokens(w[0])),
      paragraphEnd: false,
    });
  }
  return out;
}
