/**
 * Everything `rag-qa` writes in words, per language: the notes (headings, a paragraph per entity,
 * the archive), the questions with their reference answers and the patterns a reader finds the
 * facts by, the request and the agents' instructions, and the simulated reader's "not found".
 * One file per language (texts-en.ts, texts-zh.ts, texts-ru.ts), each written in that language
 * rather than translated sentence by sentence. The language changes the words, not the world or
 * the draws: a scenario file that differs only in its language asks the same questions of the
 * same facts.
 */

import type { RequestLanguage } from '../spec-types';
import type { Asking } from './questions';
import type { RagTexts } from './rag-texts';
import { TEXTS_EN } from './texts-en';
import { TEXTS_RU } from './texts-ru';
import { TEXTS_ZH } from './texts-zh';

export type { NameOf, RagTexts } from './rag-texts';

const TEXTS: Readonly<Record<RequestLanguage, RagTexts>> = { en: TEXTS_EN, zh: TEXTS_ZH, ru: TEXTS_RU };

export const ragTexts = (language: RequestLanguage = 'en'): RagTexts => TEXTS[language];

export const askingById = (id: string, language: RequestLanguage = 'en'): Asking | undefined =>
  ragTexts(language).askings.find((a) => a.id === id);
