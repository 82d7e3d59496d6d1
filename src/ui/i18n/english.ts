/**
 * Every English message, merged from the areas (en/): the source of the page's words and of the
 * ids a translation may have (`MessageId`).
 */

import { analysisEn } from './en/analysis';
import { cardsEn } from './en/cards';
import { commonEn } from './en/common';
import { compareEn } from './en/compare';
import { forkEn } from './en/fork';
import { galleryEn } from './en/gallery';
import { healingEn } from './en/healing';
import { knowledgeEn } from './en/knowledge';
import { libraryEn } from './en/library';
import { linkEn } from './en/link';
import { pictureEn } from './en/picture';
import { providersEn } from './en/providers';
import { routerEn } from './en/router';
import { runEn } from './en/run';
import { runErrorsEn } from './en/run-errors';
import { settingsEn } from './en/settings';
import { shellEn } from './en/shell';
import { storedSettingsEn } from './en/stored-settings';
import { trainEn } from './en/train';
import { webllmEn } from './en/webllm';

export const en = {
  ...commonEn,
  ...shellEn,
  ...galleryEn,
  ...runEn,
  ...cardsEn,
  ...routerEn,
  ...pictureEn,
  ...settingsEn,
  ...forkEn,
  ...libraryEn,
  ...compareEn,
  ...knowledgeEn,
  ...trainEn,
  ...linkEn,
  ...runErrorsEn,
  ...storedSettingsEn,
  ...providersEn,
  ...webllmEn,
  ...healingEn,
  ...analysisEn,
};

export type MessageId = keyof typeof en;
export type Translation = Partial<Record<MessageId, string>>;
