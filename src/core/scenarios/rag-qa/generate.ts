/**
 * Instances of `rag-qa`: a folder of notes (Markdown files made from the offline world: one file
 * per kind of entity, a paragraph per entity, and an archive of outdated copies whose figures are
 * wrong) and a compound question of `size` sub-questions about entities in them, each with its
 * reference answer and the gold paragraph that supports it. All of it in the scenario's language
 * (texts.ts); the world and the draws do not depend on it.
 */

import { keyedRng, type Rng } from '../../util/rng';
import { detectLanguage } from '../../util/words';
import { generateWorld } from '../../world/generate';
import type { Entity, EntityKind, World } from '../../world/types';
import type { RequestLanguage } from '../spec-types';
import type { ScenarioInstance } from '../types';
import type { RagQaSpec } from './spec';
import { type RagTexts, ragTexts } from './texts';

export const MIN_QUESTIONS = 1;
export const MAX_QUESTIONS = 4;

export interface NoteFile {
  readonly source: string;
  readonly text: string;
}

/**
 * One sub-question. Questions on the generated notes know their answer; a question asked of the
 * user's own knowledge base has only its text.
 */
export interface SubQuestion {
  /** From 1. */
  readonly index: number;
  readonly text: string;
  /** The asking's id (questions.ts). */
  readonly asking?: string;
  readonly entity?: string;
  readonly value?: string;
  readonly reference?: string;
  readonly goldSource?: string;
  /** The entity's paragraph in its notes file: the passage that answers the question. */
  readonly goldPassage?: string;
}

export interface RagQaInstance extends ScenarioInstance {
  readonly documents: readonly NoteFile[];
  readonly questions: readonly SubQuestion[];
  readonly chunkSize: number;
  readonly overlap: number;
  /** Passages one search returns. */
  readonly topK: number;
  /** The language of the notes, the questions, the instructions and the grading rules. */
  readonly language: RequestLanguage;
}

const FILES: Readonly<Record<EntityKind, string>> = {
  country: 'notes/countries.md',
  city: 'notes/cities.md',
  person: 'notes/people.md',
  company: 'notes/companies.md',
};
const ARCHIVE = 'notes/archive.md';
/** Entities of each kind in the notes besides the ones asked about. */
const PER_KIND = 8;

export function generateRagQa(spec: RagQaSpec, seed: number, size: number): RagQaInstance {
  if (!Number.isInteger(size) || size < MIN_QUESTIONS || size > MAX_QUESTIONS) {
    throw new RangeError(
      `rag-qa "${spec.id}": size (sub-questions) must be a whole number from ${MIN_QUESTIONS} to ${MAX_QUESTIONS}, got ${size}`,
    );
  }
  if (spec.corpus === 'knowledge-base') return ownQuestion(spec, seed);
  const texts = ragTexts(spec.language);
  const rng = keyedRng(seed, 'rag-qa', spec.id);
  const world = generateWorld({
    seed: rng.int(1, 2 ** 30),
    counts: { country: 12, city: 40, person: 40, company: 40 },
  });
  const entities = texts.localize(world.entities);
  const byId = new Map(entities.map((e) => [e.id, e]));
  const nameOf = (id: string | undefined) =>
    id === undefined ? 'unknown' : (byId.get(id)?.name ?? 'unknown');
  const askings = draw(rng, texts.askings, size);
  const asked = askings.map((a) => {
    const pool = entities.filter((e) => e.kind === a.kind);
    return { a, e: pool[rng.int(0, pool.length - 1)] as Entity };
  });
  const inNotes = new Set(asked.map((x) => x.e.id));
  for (const kind of Object.keys(FILES) as EntityKind[]) {
    for (const e of draw(
      rng,
      entities.filter((x) => x.kind === kind),
      PER_KIND,
    ))
      inNotes.add(e.id);
  }
  const paragraph = (e: Entity) => `## ${e.name}\n\n${texts.describe(e, nameOf)}`;
  const documents: NoteFile[] = (Object.keys(FILES) as EntityKind[]).map((kind) => ({
    source: FILES[kind],
    text: `# ${texts.title(kind)}\n\n${entities
      .filter((e) => e.kind === kind && inNotes.has(e.id))
      .map(paragraph)
      .join('\n\n')}\n`,
  }));
  documents.push({
    source: ARCHIVE,
    text: archive(
      world,
      asked.map((x) => x.e),
      nameOf,
      texts,
    ),
  });
  const questions: SubQuestion[] = asked.map(({ a, e }, i) => {
    const value = a.value(e, nameOf);
    return {
      index: i + 1,
      text: a.ask(e.name),
      asking: a.id,
      entity: e.name,
      value,
      reference: a.reference(e.name, value),
      goldSource: FILES[e.kind],
      goldPassage: texts.describe(e, nameOf),
    };
  });
  const prompt = texts.prompt(questions.map((q) => q.text));
  return {
    scenario: spec.id,
    seed,
    size,
    prompt,
    documents,
    questions,
    chunkSize: spec.chunkSize ?? 128,
    overlap: spec.overlap ?? 16,
    topK: spec.topK ?? 3,
    language: texts.language,
  };
}

/**
 * The user's question on their own knowledge base: split at its question marks into at most
 * four sub-questions (a compound question is asked as several), answered from whatever the
 * knowledge base holds, in the file's language or else the question's.
 */
function ownQuestion(spec: RagQaSpec, seed: number): RagQaInstance {
  const question = (spec.question ?? '').trim();
  if (question === '')
    throw new RangeError(`rag-qa "${spec.id}": there is no question to ask the knowledge base`);
  // A file that names no language asks in the question's own (English for any other script).
  const detected = detectLanguage(question);
  const texts = ragTexts(spec.language ?? (detected === 'zh' || detected === 'ru' ? detected : 'en'));
  const parts = texts
    .splitQuestion(question)
    .map((p) => p.trim())
    .filter((p) => /[\p{L}\p{N}]/u.test(p));
  const merged =
    parts.length > MAX_QUESTIONS
      ? [...parts.slice(0, MAX_QUESTIONS - 1), parts.slice(MAX_QUESTIONS - 1).join(' ')]
      : parts;
  const questions = merged.map((text, i) => ({ index: i + 1, text }));
  return {
    scenario: spec.id,
    seed,
    size: questions.length,
    prompt: texts.ownPrompt(question),
    documents: [],
    questions,
    chunkSize: spec.chunkSize ?? 512,
    overlap: spec.overlap ?? 64,
    topK: spec.topK ?? 3,
    language: texts.language,
  };
}

/** Outdated copies of the asked entities' paragraphs, every number in them wrong. */
function archive(
  world: World,
  entities: readonly Entity[],
  nameOf: (id: string | undefined) => string,
  texts: RagTexts,
): string {
  const rng = keyedRng(world.seed, 'archive');
  const old = entities.map((e) => {
    const attrs = Object.fromEntries(
      Object.entries(e.attrs).map(([k, v]) => [
        k,
        typeof v === 'number' ? v + rng.int(1, 9) * (v > 100 ? 10 : 1) : v,
      ]),
    );
    return `## ${texts.oldNotes(e.name)}\n\n${texts.describe({ ...e, attrs }, nameOf)}`;
  });
  return `# ${texts.archiveTitle}\n\n${old.join('\n\n')}\n`;
}

function draw<T>(rng: Rng, items: readonly T[], k: number): T[] {
  const pool = [...items];
  for (let i = 0; i < k && i < pool.length; i++) {
    const j = rng.int(i, pool.length - 1);
    [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
  }
  return pool.slice(0, Math.min(k, pool.length));
}
