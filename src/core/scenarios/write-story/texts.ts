/**
 * The story texts by language (their shapes are in story-types.ts): one file per language
 * (texts-en.ts, texts-zh.ts, texts-ru.ts); the grader's language rules are in names.ts and
 * scene.ts.
 */

import type { RequestLanguage } from '../spec-types';
import type { StoryTexts } from './story-types';
import { STORY_EN } from './texts-en';
import { STORY_RU } from './texts-ru';
import { STORY_ZH } from './texts-zh';

export type { PromptFacts, SectionLength, Setting, StoryStyle, StoryTexts } from './story-types';
export { STYLES } from './story-types';

const TEXTS: Readonly<Record<RequestLanguage, StoryTexts>> = { en: STORY_EN, zh: STORY_ZH, ru: STORY_RU };

export const storyTexts = (language: RequestLanguage | undefined): StoryTexts => TEXTS[language ?? 'en'];
