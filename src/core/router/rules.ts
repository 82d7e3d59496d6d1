/**
 * The cold-start layer: keyword and pattern rules, as a table of data. Each rule that matches a
 * query votes, with its weight, for one (topology, workflow) choice; the choice with the most
 * weight wins and ties go to the rule listed first. Confidence grows with the winner's weight and
 * shrinks with disagreement:
 *
 *   confidence = (w_win / w_all) · min(0.9, 0.5 + 0.1 · w_win)
 *
 * so one matching rule gives 0.6, two agreeing 0.7, two disagreeing 0.3, and rules alone never
 * claim more than 0.9. A query no rule matches goes to a single general agent with confidence
 * 0.3, below the default escalation threshold: an unknown task gets a larger model.
 */
import { detectLanguage, wordCount } from '../util/words';
import type { Choice } from './choice';
import type { Rule } from './rule';
import { russianRules } from './rules-ru';
import { chineseRules } from './rules-zh';

export type { Rule } from './rule';

const wide: Choice = { topology: 'swarm', workflow: 'wide-search' };
const deep: Choice = { topology: 'swarm', workflow: 'deep-search' };
const coding: Choice = { topology: 'swarm', workflow: 'mixed-coding' };
const story: Choice = { topology: 'swarm', workflow: 'write-story' };
const teach: Choice = { topology: 'swarm', workflow: 'teach-explain' };
const rag: Choice = { topology: 'swarm', workflow: 'rag-qa' };
const debate: Choice = { topology: 'peers', workflow: 'general' };
const compare: Choice = { topology: 'peers', workflow: 'compare-options' };
const single: Choice = { topology: 'single', workflow: 'general' };

const englishRules: readonly Rule[] = [
  // Wide search: many independent items, one row each; a swarm shards them across subagents.
  { id: 'for-each-of', pattern: /\b(for each of|for every|each of the following)\b/i, choice: wide },
  { id: 'table', pattern: /\b(table|spreadsheet|columns?)\b/i, choice: wide },
  { id: 'list-all', pattern: /\b(list|find|collect|gather) (all|every)\b/i, choice: wide },
  // Verbs that go through a whole set: "catalogue the Apollo missions", "enumerate the moons".
  { id: 'catalogue', pattern: /\b(catalog(ue)?|enumerate|tabulate|survey)\b/i, choice: wide },
  // Three or more short items in a row ("A; B; C; D"). Sentence punctuation ends an item and an
  // item may not start with "then", so the clauses of a hop chain ("find X; then Y; then Z") are
  // not a list.
  { id: 'many-items', pattern: /(?:(?!\s*then\b)[^;.?!\n]{1,40};){3,}/i, choice: wide },
  // A whole set named by its size or by "every": "all 50 states", "all the Pixar films",
  // "of each G20 country". ("for each of" above is the same thing said as a list.)
  {
    id: 'whole-set',
    pattern:
      /\b(all (the |of the )?(\d+|[a-z]+teen|twenty|thirty|forty|fifty|hundred) [\w-]+|all the [\w-]+( [\w-]+){0,2}s\b|(^|\bof )every [\w-]+|(of|in) each (?!of\b)[\w-]+|\b(the|of) (\d{2,}|twelve|[a-z]+teen|twenty|thirty|forty|fifty) [\w-]+( [\w-]+)? [\w-]+s\b)/i,
    choice: wide,
  },
  // A ranked set ("the top 30", "the 20 largest cities") or a list of four or more names.
  {
    id: 'top-n',
    pattern:
      /\btop (\d+|ten|twenty|thirty|fifty|hundred)\b|\b(\d+|ten|twenty|thirty|fifty|hundred) (largest|biggest|best-selling|most \w+|richest|tallest)\b/i,
    choice: wide,
  },
  { id: 'many-names', pattern: /\b([A-Z][\w.&'-]*( [A-Z][\w.&'-]*){0,2}, ){3,}/, choice: wide },
  // Deep search: one chain of dependent look-ups; each hop waits for the previous one.
  {
    id: 'founded-born',
    pattern: /\bwho (founded|created|started|built)\b.*\b(where|when) (was|were|is)\b.*\bborn\b/is,
    choice: deep,
  },
  { id: 'of-the-chain', pattern: /\bof the\b.*\bof the\b/is, choice: deep },
  { id: 'then-chain', pattern: /\bthen\b.*\bthen\b/is, choice: deep },
  { id: 'multi-hop', pattern: /\b(follow the (links?|chain|trail)|multi-?hop|trace back)\b/i, choice: deep },
  // A second question about what the first one finds: "…, and where is that teacher buried?"
  {
    id: 'that-one',
    pattern:
      /\b(and|then) (where|when|what|who|which|how) [^?]{0,40}\b(that|this|the same) (man|woman|teacher|company|captain|author|artist|place|school|team|newspaper|founder)\b/i,
    choice: deep,
  },
  // An entity named only by its relation to another ("the founder of the company that makes…",
  // "the coach who led…", "the year the inventor…"): it has to be looked up before the question.
  {
    id: 'described-entity',
    pattern:
      /\bthe ([\w-]+ ){0,3}?(person|man|woman|company|band|singer|artist|coach|author|founder|inventor|winner|director|architect|composer|painter|player|team|country|city|town|novel|book|film|movie|paper|ship|horse|firm|lab|university|school|actor|student) (who|that|which|whose|where)\b|\b(in )?the year (the|that)\b/i,
    choice: deep,
  },
  // Coding: functions with tests, or the tools and artefacts of a programmer's day.
  {
    id: 'code',
    pattern: /\b(functions?|implement\w*|code|coding|program|refactor|javascript|typescript|python)\b/i,
    choice: coding,
  },
  { id: 'tests', pattern: /\b(unit tests?|tests?|run_js)\b/i, choice: coding },
  {
    id: 'dev-words',
    pattern:
      /\b(regex\w*|scripts?|bookmarklets?|browser extension|sql|bugs?|debug\w*|compil\w+|parser|tokenizer|dockerfile|docker|container|numpy|matlab|bash|node(\.js)?|async|await|callbacks?|loops?|jest|vitest|mypy|type hints|memory leak|websockets?|structs?|pull request|repo(sitory)?|npm|package\.json|rust|kotlin|java|golang|react|django|fastapi|lint\w*|off-by-one|algorithms?|stack ?trace|exceptions?|segfault)\b/i,
    choice: coding,
  },
  // The same in capitals, where case tells the acronym from the word ("a PR", not "pr").
  { id: 'dev-acronyms', pattern: /\b(PR|CI|API|SQL|JSON|JS|CSS|HTML|CLI)\b/, choice: coding },
  // Stories: fiction asked for by its form, its genre, or what a story is made of; a swarm
  // outlines, then writes the sections at once.
  {
    id: 'story',
    pattern:
      /\b(stor(y|ies)|tales?|fables?|fairy ?tales?|novellas?|fan ?fiction|fiction\w*|parables?|myths?|legends?|once upon a time)\b/i,
    choice: story,
  },
  {
    id: 'story-genre',
    pattern:
      /\b(adventure|retelling|western|horror|romance|thriller|sci-?fi|fantasy|noir|mystery|picture-?book|bedtime|saga|point of view|(first|second|third)[- ]person(?! (to|who|that|whose|in|on|at|of)\b))\b/i,
    choice: story,
  },
  {
    id: 'story-parts',
    pattern: /\b(characters?|plot|protagonist|villain|narrat\w+|chapters?|prologue|scenes?)\b/i,
    choice: story,
  },
  {
    id: 'write-a-story',
    pattern:
      /\b(write|tell|make up|invent|compose|spin)\b.{0,40}\b(story|tale|fable|yarn|myth|legend|epic)\b/i,
    choice: story,
  },
  // Questions about the user's own documents: answered from a knowledge base, with citations.
  {
    id: 'my-documents',
    pattern:
      /\b(my|our|the attached|the uploaded|the shared)\s+([\w-]+\s+){0,2}(notes|documents?|docs|documentation|files?|pdfs?|knowledge base|wiki|notebooks?|handbook|manual|slides|folder|drive|vault|journal|articles|library|thesis|runbooks?|emails?|inbox|transcripts?|minutes|reports?|contract)\b/i,
    choice: rag,
  },
  {
    id: 'according-to',
    pattern:
      /\b(according to|based (strictly |only )?on|in|from|per|using) the ([\w-]+ )?(docs|documents?|documentation|pdf|notes|handbook|manual|wiki|sources)\b/i,
    choice: rag,
  },
  {
    id: 'uploaded',
    pattern:
      /\b(I|we) (have |'ve )?(uploaded|attached|gave you|shared|exported|saved|loaded|indexed)\b|\bare indexed\b/i,
    choice: rag,
  },
  {
    id: 'cite',
    pattern:
      /\b(cite|citations?|quot(e|es|ing)|(give|with|include|add|name) (me )?(the |your )?(sources?|references|links))\b/i,
    choice: rag,
  },
  // Lessons: teaching words, an audience by age, grade or level, exercises with answers. Plain
  // "explain" is half a vote: every kind of request asks for an explanation now and then.
  {
    id: 'teach',
    pattern:
      /\b(teach\w*|lessons?|tutor\w*|eli5|walk (me|him|her|them|us) through|help me understand|study guide)\b/i,
    choice: teach,
  },
  { id: 'explain', pattern: /\bexplai?n\w*\b/i, choice: teach, weight: 0.5 },
  {
    id: 'audience',
    pattern:
      /\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen)[- ]years?[- ]olds?\b|\bgrade \d+\b|\b(\d+(st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth) grade(rs)?\b|\b(kids?|children|pupils|students?|beginners?|teenagers|sophomores|freshmen|(high|middle|primary) school)\b/i,
    choice: teach,
  },
  {
    id: 'exercises',
    pattern:
      /\b(exercises?|worksheets?|quiz(zes)?|flashcards|practice (problems?|questions?)|homework|answer key)\b/i,
    choice: teach,
  },
  // A choice among named options on criteria: independent judges and a vote make fewer mistakes
  // than one (scenarios compare-options, docs/router.md).
  {
    id: 'compare-options',
    pattern:
      /\b(compare|comparing|comparison|which (one|of (these|them|the \w+))|choose between|decide between|pick between|should I (buy|choose|pick|rent|get|go with|take)|better (choice|option|deal|buy)|weigh(ing)? (up )?the options|versus|vs\.?)\b/i,
    choice: compare,
  },
  {
    id: 'criteria',
    pattern: /\b(criteria|weighted|weights?|trade-?offs?|scor(e|ing) (them|each|the options))\b/i,
    choice: compare,
    weight: 0.5,
  },
  // Options put side by side on a list of criteria, or ranked to pick one: "rank these five
  // phone plans by cost, data and coverage", "weigh up these three job offers".
  {
    id: 'rank-these',
    pattern:
      /\b(rank|score|weigh( up)?|rate) (these|the|my|our) (\w+ )?(\w+ )?(options|plans|offers|models|centres|centers|apartments|flats|candidates|services|tools|cars|phones|laptops|choices)\b|\bwhich (is|would be) the best (choice|option|pick)\b|\b(pick|choose|tell me) (the best|which (one )?to (take|pick|choose|accept|buy))\b/i,
    choice: compare,
  },
  {
    id: 'on-criteria',
    pattern: /\b(on|by|weighing) [\w-]+( [\w-]+)?, [\w-]+( [\w-]+)?,? and [\w-]+\b/i,
    choice: compare,
    weight: 0.5,
  },
  // Open questions that gain from several independent voices.
  {
    id: 'debate',
    pattern:
      /\b(debate|brainstorm\w*|perspectives?|viewpoints?|pros and cons|devil's advocate|argue (both|each|either) sides?|(different|several|many) angles|experts? weigh in|weigh in on)\b/i,
    choice: debate,
  },
].map((rule): Rule => ({ ...rule, lang: 'en' }));

export const defaultRules: readonly Rule[] = [
  ...englishRules,
  // The same kinds of request in Chinese and in Russian (rules-zh.ts, rules-ru.ts).
  ...chineseRules.map((rule): Rule => ({ ...rule, lang: 'zh' })),
  ...russianRules.map((rule): Rule => ({ ...rule, lang: 'ru' })),
  // One short question nothing else claims: one agent answers it faster than any orchestration.
  // Words are counted in any language (a Chinese sentence has no spaces), and "？" asks too.
  { id: 'short-question', pattern: /^[^?？]*[?？]\s*$/, maxWords: 12, alone: true, choice: single },
];

export interface RuleDecision {
  readonly choice: Choice;
  readonly confidence: number;
  /** Ids of every rule that matched, in table order (empty for the fallback). */
  readonly matched: readonly string[];
}

/** Confidence of the no-rule fallback: below the default escalation threshold of 0.5. */
export const fallbackConfidence = 0.3;

/** What a query no rule matches goes to: one agent on the general workflow. */
export const fallbackChoice: Choice = single;

export interface RuleVote {
  readonly choice: Choice;
  /** The summed weight of the matching rules that voted for this choice. */
  readonly weight: number;
}

export interface RuleVotes {
  /** One per choice voted for, in the order of each choice's first matching rule. */
  readonly votes: readonly RuleVote[];
  /** Ids of every rule that matched, in table order. */
  readonly matched: readonly string[];
}

/** Every matching rule's vote, summed per choice: what the decision and the candidates read. */
export function ruleVotes(query: string, rules: readonly Rule[] = defaultRules): RuleVotes {
  const words = wordCount(query);
  const detected = detectLanguage(query);
  const lang = detected === 'und' ? 'en' : detected;
  const votes = new Map<string, { choice: Choice; weight: number }>();
  const matched: string[] = [];
  const matches = (rule: Rule) =>
    (rule.lang === undefined || rule.lang === lang) &&
    (rule.maxWords === undefined || words <= rule.maxWords) &&
    rule.pattern.test(query);
  const claimed = rules.some((rule) => !rule.alone && matches(rule));
  for (const rule of rules) {
    if ((rule.alone && claimed) || !matches(rule)) continue;
    const key = `${rule.choice.topology}/${rule.choice.workflow}`;
    const vote = votes.get(key) ?? { choice: rule.choice, weight: 0 };
    vote.weight += rule.weight ?? 1;
    votes.set(key, vote);
    matched.push(rule.id);
  }
  return { votes: [...votes.values()], matched };
}

/** How sure the rules are of anything at all, given the winner's weight: min(0.9, 0.5 + 0.1·w). */
export const ruleStrength = (winnerWeight: number) => Math.min(0.9, 0.5 + 0.1 * winnerWeight);

/** The winning vote: the most weight, ties to the choice whose first rule is listed first. */
export function winningVote(votes: readonly RuleVote[]): RuleVote | undefined {
  let best: RuleVote | undefined;
  for (const vote of votes) if (!best || vote.weight > best.weight) best = vote;
  return best;
}

/** The rules' choice for a query, with its confidence and the rules behind it. */
export function applyRules(query: string, rules: readonly Rule[] = defaultRules): RuleDecision {
  const { votes, matched } = ruleVotes(query, rules);
  const total = votes.reduce((sum, v) => sum + v.weight, 0);
  const best = winningVote(votes);
  if (!best || total <= 0) return { choice: single, confidence: fallbackConfidence, matched: [] };
  return { choice: best.choice, confidence: (best.weight / total) * ruleStrength(best.weight), matched };
}
