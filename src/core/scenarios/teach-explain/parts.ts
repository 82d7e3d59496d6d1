/** The five parts of a lesson, in order, by their names inside the code (lesson-texts.ts writes them). */
export const PARTS = ['Introduction', 'Concept', 'Examples', 'Exercises', 'Summary'] as const;
export type Part = (typeof PARTS)[number];
