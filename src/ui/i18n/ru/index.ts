/** Every Russian message, loaded when the page first speaks Russian (catalog.ts `loadCatalog`). */
import type { Translation } from '../english';
import { analysisRu } from './analysis';
import { cardsRu } from './cards';
import { commonRu } from './common';
import { compareRu } from './compare';
import { forkRu } from './fork';
import { galleryRu } from './gallery';
import { healingRu } from './healing';
import { knowledgeRu } from './knowledge';
import { libraryRu } from './library';
import { linkRu } from './link';
import { pictureRu } from './picture';
import { providersRu } from './providers';
import { routerRu } from './router';
import { runRu } from './run';
import { runErrorsRu } from './run-errors';
import { settingsRu } from './settings';
import { shellRu } from './shell';
import { storedSettingsRu } from './stored-settings';
import { trainRu } from './train';
import { webllmRu } from './webllm';

export const messages: Translation = {
  ...commonRu,
  ...shellRu,
  ...galleryRu,
  ...runRu,
  ...cardsRu,
  ...routerRu,
  ...pictureRu,
  ...settingsRu,
  ...forkRu,
  ...libraryRu,
  ...compareRu,
  ...knowledgeRu,
  ...trainRu,
  ...linkRu,
  ...runErrorsRu,
  ...storedSettingsRu,
  ...providersRu,
  ...webllmRu,
  ...healingRu,
  ...analysisRu,
};
