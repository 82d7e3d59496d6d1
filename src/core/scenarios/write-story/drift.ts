/** A cast member's name spelt another way in a story (names.ts finds them per language). */
export interface Drift {
  /** The cast member's name. */
  readonly name: string;
  /** How the story spelt it instead. */
  readonly spelling: string;
  readonly count: number;
}
