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
import type { Choice } from './choice';

export interface Rule {
  /** Named in a route's explanation. */
  readonly id: string;
  /** Tested against the raw query (case-insensitive patterns). */
  readonly pattern: RegExp;
  /** The rule only matches a query of at most this many words. */
  readonly maxWords?: number;
  /** The rule counts only when no other rule matched: a default for what nothing else claims. */
  readonly alone?: boolean;
  readonly choice: Choice;
  /** @default 1 */
  readonly weight?: number;
}

const wide: Choice = { topology: 'swarm', workflow: 'wide-search' };
const deep: Choice = { topology: 'swarm', workflow: 'deep-search' };
const coding: Choice = { topology: 'swarm', workflow: 'mixed-coding' };
const debate: Choice = { topology: 'peers', workflow: 'general' };
const single: Choice = { topology: 'single', workflow: 'general' };

export const defaultRules: readonly Rule[] = [
  // Wide search: many independent items, one row each; a swarm shards them across subagents.
  { id: 'for-each-of', pattern: /\b(for each of|for every|each of the following)\b/i, choice: wide },
  { id: 'table', pattern: /\b(table|spreadsheet|columns?)\b/i, choice: wide },
  { id: 'list-all', pattern: /\b(list|find|collect|gather) (all|every)\b/i, choice: wide },
  // Three or more short items in a row ("A; B; C; D"). Sentence punctuation ends an item and an
  // item may not start with "then", so the clauses of a hop chain ("find X; then Y; then Z") are
  // not a list.
  { id: 'many-items', pattern: /(?:(?!\s*then\b)[^;.?!\n]{1,40};){3,}/i, choice: wide },
  // Deep search: one chain of dependent look-ups; each hop waits for the previous one.
  {
    id: 'founded-born',
    pattern: /\bwho (founded|created|started|built)\b.*\b(where|when) (was|were|is)\b.*\bborn\b/is,
    choice: deep,
  },
  { id: 'of-the-chain', pattern: /\bof the\b.*\bof the\b/is, choice: deep },
  { id: 'then-chain', pattern: /\bthen\b.*\bthen\b/is, choice: deep },
  { id: 'multi-hop', pattern: /\b(follow the links?|multi-?hop|trace back)\b/i, choice: deep },
  // Coding: functions with tests.
  {
    id: 'code',
    pattern: /\b(functions?|implement\w*|code|coding|program|refactor|javascript|typescript|python)\b/i,
    choice: coding,
  },
  { id: 'tests', pattern: /\b(unit tests?|tests?|run_js)\b/i, choice: coding },
  // Open questions that gain from several independent voices.
  {
    id: 'debate',
    pattern: /\b(debate|brainstorm\w*|perspectives?|viewpoints?|pros and cons|devil's advocate)\b/i,
    choice: debate,
  },
  // One short question nothing else claims: one agent answers it faster than any orchestration.
  { id: 'short-question', pattern: /^[^?]*\?\s*$/, maxWords: 12, alone: true, choice: single },
];

export interface RuleDecision {
  readonly choice: Choice;
  readonly confidence: number;
  /** Ids of every rule that matched, in table order (empty for the fallback). */
  readonly matched: readonly string[];
}

/** Confidence of the no-rule fallback: below the default escalation threshold of 0.5. */
export const fallbackConfidence = 0.3;

const wordCount = (text: string) => text.split(/\s+/).filter((w) => w !== '').length;

/** The rules' choice for a query, with its confidence and the rules behind it. */
export function applyRules(query: string, rules: readonly Rule[] = defaultRules): RuleDecision {
  const words = wordCount(query);
  const votes = new Map<string, { choice: Choice; weight: number; first: number }>();
  const matched: string[] = [];
  let total = 0;
  const matches = (rule: Rule) =>
    (rule.maxWords === undefined || words <= rule.maxWords) && rule.pattern.test(query);
  const claimed = rules.some((rule) => !rule.alone && matches(rule));
  rules.forEach((rule, index) => {
    if ((rule.alone && claimed) || !matches(rule)) return;
    const weight = rule.weight ?? 1;
    const key = `${rule.choice.topology}/${rule.choice.workflow}`;
    const vote = votes.get(key) ?? { choice: rule.choice, weight: 0, first: index };
    vote.weight += weight;
    votes.set(key, vote);
    matched.push(rule.id);
    total += weight;
  });
  let best: { choice: Choice; weight: number; first: number } | undefined;
  for (const vote of votes.values()) {
    if (!best || vote.weight > best.weight || (vote.weight === best.weight && vote.first < best.first)) {
      best = vote;
    }
  }
  if (!best || total <= 0) return { choice: single, confidence: fallbackConfidence, matched: [] };
  const confidence = (best.weight / total) * Math.min(0.9, 0.5 + 0.1 * best.weight);
  return { choice: best.choice, confidence, matched };
}
