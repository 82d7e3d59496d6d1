/** A language's messages for one area of the page: any of English's ids, each at most once. */
export type AreaTranslation<Source> = Partial<Record<keyof Source, string>>;
