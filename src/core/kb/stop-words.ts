/**
 * English function words, left out of the full-text index and of queries: in a question such as
 * "How do I read JSON from a file?" they match every passage and drown the one word that matters.
 * The list is the short, common core (articles, pronouns, auxiliaries, prepositions, question
 * words) rather than a long list that would also drop words like "first" or "part".
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the and or but if then else of at by for with about against between into through during before after ' +
    'above below to from up down in out on off over under again further once here there when where why how ' +
    'all any both each few more most other some such no nor not only own same so than too very can will just ' +
    'do does did doing done is are was were be been being have has had having i me my myself we our ours you ' +
    'your yours he him his she her hers it its itself they them their theirs what which who whom this that ' +
    'these those am would should could may might must shall'
  ).split(' '),
);
