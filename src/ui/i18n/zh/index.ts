/** Every Chinese message, loaded when the page first speaks Chinese (catalog.ts `loadCatalog`). */
import type { Translation } from '../english';
import { analysisZh } from './analysis';
import { cardsZh } from './cards';
import { commonZh } from './common';
import { compareZh } from './compare';
import { forkZh } from './fork';
import { galleryZh } from './gallery';
import { healingZh } from './healing';
import { knowledgeZh } from './knowledge';
import { libraryZh } from './library';
import { linkZh } from './link';
import { pictureZh } from './picture';
import { providersZh } from './providers';
import { routerZh } from './router';
import { runZh } from './run';
import { runErrorsZh } from './run-errors';
import { settingsZh } from './settings';
import { shellZh } from './shell';
import { storedSettingsZh } from './stored-settings';
import { trainZh } from './train';
import { webllmZh } from './webllm';

export const messages: Translation = {
  ...commonZh,
  ...shellZh,
  ...galleryZh,
  ...runZh,
  ...cardsZh,
  ...routerZh,
  ...pictureZh,
  ...settingsZh,
  ...forkZh,
  ...libraryZh,
  ...compareZh,
  ...knowledgeZh,
  ...trainZh,
  ...linkZh,
  ...runErrorsZh,
  ...storedSettingsZh,
  ...providersZh,
  ...webllmZh,
  ...healingZh,
  ...analysisZh,
};
