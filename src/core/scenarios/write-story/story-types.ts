/**
 * The shapes of the story texts (texts.ts holds the registry): what a story request and the
 * simulated writer say, per language — the settings, styles and
 * names a request is drawn from, the sentence patterns the simulated writer fills in, and the
 * wording of the request, the title and the headings. One file per language (texts-en.ts,
 * texts-zh.ts, texts-ru.ts); the grader's language rules are in names.ts and scene.ts.
 *
 * Every language has the same number of settings, styles and names, so a seed draws the same
 * story in each: the third setting, the second style, the fifth and ninth names.
 */

export const STYLES = ['funny', 'serious', 'fairy-tale', 'adventure', 'mystery'] as const;
export type StoryStyle = (typeof STYLES)[number];

/** A setting: what the request names and the things a scene there can show. */
export interface Setting {
  /** As the request says it ("a lighthouse on a stormy coast"; in Russian with its preposition). */
  readonly name: string;
  /** Places inside the setting ("the east tower"; in Russian "в восточной башне"). */
  readonly places: readonly string[];
  /** Concrete things a scene description can show there. */
  readonly sights: readonly string[];
  /** Things the plot can turn on (in Russian, words whose accusative is their nominative). */
  readonly objects: readonly string[];
}

/** The length a request asks for, per section: words, or characters for Chinese. */
export interface SectionLength {
  readonly min: number;
  readonly max: number;
}

export interface StoryTexts {
  readonly settings: readonly Setting[];
  readonly names: readonly string[];
  readonly perSection: SectionLength;
  /** The style as the request's sentence needs it. */
  readonly styleWord: Readonly<Record<StoryStyle, string>>;
  prompt(r: PromptFacts): string;
  /** Plot point patterns: {A}, {B}, {place}, {object}; the seventh ends the story. */
  readonly events: readonly string[];
  /** Scene openings: {place} (capitalised when it opens the sentence: {Place}), {sight}. */
  readonly scenes: readonly string[];
  readonly actions: Readonly<Record<StoryStyle, readonly string[]>>;
  readonly lines: readonly string[];
  readonly closings: readonly string[];
  title(style: StoryStyle, first: string | undefined): string;
  heading(point: string, index: number): string;
  /** "A, B and C" in the language. */
  list(items: readonly string[]): string;
  /** Appended to the prompts of the parts: which language to answer in ('' for English). */
  readonly answerIn: string;
  /** A name as a careless writer might spell it once (first letter kept). */
  drift(name: string): string;
}

/** What a request's wording needs to know. */
export interface PromptFacts {
  readonly setting: Setting;
  readonly style: StoryStyle;
  readonly characters: readonly string[];
  readonly minWords: number;
  readonly maxWords: number;
  readonly plotPoints: number;
}
