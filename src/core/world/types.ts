/**
 * The offline world: a seeded synthetic encyclopedia, so that a task of any width or depth has
 * exact ground truth and needs no network.
 */

export type EntityKind = 'country' | 'city' | 'person' | 'company';

export interface Entity {
  readonly id: string;
  readonly kind: EntityKind;
  readonly name: string;
  /** Other names the documents use for it (abbreviations, old names). */
  readonly aliases: readonly string[];
  /** Plain attributes: the cells of a wide-search table. */
  readonly attrs: Readonly<Record<string, string | number>>;
  /** Attributes that name another entity (by id): the hops of a deep-search chain. */
  readonly links: Readonly<Record<string, string>>;
}

export interface WorldDocument {
  readonly id: string;
  readonly title: string;
  readonly text: string;
  /** The entity it is about. */
  readonly about: string;
  /**
   * `article`: the reliable page; `mirror`: a near-duplicate copy; `stale`: an outdated page whose
   * figures are wrong; `mention`: a page about something else that names it in passing.
   */
  readonly kind: 'article' | 'mirror' | 'stale' | 'mention';
}

export interface World {
  readonly seed: number;
  readonly entities: readonly Entity[];
  readonly documents: readonly WorldDocument[];
}
