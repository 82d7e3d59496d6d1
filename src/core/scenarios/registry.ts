import { compareOptions } from './compare-options';
import { deepSearch } from './deep-search';
import { mixedCoding } from './mixed-coding';
import { ragQa } from './rag-qa';
import type { TaskScenarioSpec } from './spec-types';
import { teachExplain } from './teach-explain';
import type { ScenarioInstance, ScenarioKind } from './types';
import { wideSearch } from './wide-search';
import { writeStory } from './write-story';

// biome-ignore lint/suspicious/noExplicitAny: each kind is typed by its own spec; the registry erases it.
type AnyKind = ScenarioKind<any, ScenarioInstance>;

/** The task scenario kinds by the `kind` their files declare. */
export const scenarioKinds: Readonly<Record<TaskScenarioSpec['kind'], AnyKind>> = {
  'wide-search': wideSearch,
  'deep-search': deepSearch,
  'mixed-coding': mixedCoding,
  'write-story': writeStory,
  'teach-explain': teachExplain,
  'rag-qa': ragQa,
  'compare-options': compareOptions,
};
