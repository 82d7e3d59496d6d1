/**
 * The page's one message catalogue: English is the source (its ids are the only ids), Chinese and
 * Russian translate it area by area. A translation may lack a message: `t` then says it in English;
 * tests/ui/i18n/catalog.test.ts lists any that are missing.
 */

import { cardsEn } from './en/cards';
import { commonEn } from './en/common';
import { galleryEn } from './en/gallery';
import { runEn } from './en/run';
import { shellEn } from './en/shell';
import type { Locale } from './locales';
import { cardsRu } from './ru/cards';
import { commonRu } from './ru/common';
import { galleryRu } from './ru/gallery';
import { runRu } from './ru/run';
import { shellRu } from './ru/shell';
import { cardsZh } from './zh/cards';
import { commonZh } from './zh/common';
import { galleryZh } from './zh/gallery';
import { runZh } from './zh/run';
import { shellZh } from './zh/shell';

const en = { ...commonEn, ...shellEn, ...galleryEn, ...runEn, ...cardsEn };

export type MessageId = keyof typeof en;
export type Translation = Partial<Record<MessageId, string>>;

export const catalogs: Readonly<Record<Locale, Translation>> & {
  readonly en: Readonly<Record<MessageId, string>>;
} = {
  en,
  zh: { ...commonZh, ...shellZh, ...galleryZh, ...runZh, ...cardsZh },
  ru: { ...commonRu, ...shellRu, ...galleryRu, ...runRu, ...cardsRu },
};
