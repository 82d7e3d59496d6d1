/** The kinds of task in the mix, in the order the features list them (features.ts). */
export const TASK_KINDS = ['wide-search', 'deep-search', 'mixed-coding', 'write-story', 'rag-qa'] as const;
