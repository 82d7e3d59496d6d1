import { describe, expect, it } from 'vitest';
import { applyRules, defaultRules, fallbackConfidence, type Rule } from '../../../src/core/router/rules';

// Queries as the bench scenarios write them (trimmed), and hand-written ones.
const wideBench =
  'Fill in a table with one row for each of: Kelmor Works; Fendor Group; Junbar Holdings; Selkel Systems; ' +
  'Ulfen Lines. Columns: company, founded, industry, employees, headquarters, website. Answer with one Markdown table.';
const deepBench =
  'Follow the links between encyclopedia pages: search for each entity, open its page, read the link.\n\n' +
  'Q1. Start from the person Moris Wesjun. Find where that person was born; then which country that city is in; ' +
  'then the capital of that country. Answer with the name of the final city.\n' +
  'Q2. Start from the company Dorsel Lines. Find who founded that company; then where that person was born; ' +
  'then which country that city is in; then the capital of that country. Answer with the name of the final city.';
const codingBench =
  'Write these 8 JavaScript functions, each as a function declaration. Check each with run_js against its ' +
  'visible tests; hidden tests will grade them.';

describe('applyRules', () => {
  it('sends many independent items to a wide-search swarm', () => {
    const d = applyRules(wideBench);
    expect(d.choice).toEqual({ topology: 'swarm', workflow: 'wide-search' });
    expect(d.matched).toEqual(['for-each-of', 'table', 'many-items']);
    expect(d.confidence).toBeCloseTo(0.8, 12);
    expect(applyRules('List all members: Ann; Bob; Cy; Dee; Eve').choice.workflow).toBe('wide-search');
  });

  it('sends chains of look-ups to a deep-search swarm, and does not read two-clause hops as a list', () => {
    const d = applyRules(deepBench);
    expect(d.choice).toEqual({ topology: 'swarm', workflow: 'deep-search' });
    // Four hops make three "; then" clauses in a row: still a chain, not a list of items.
    expect(d.matched).toEqual(['of-the-chain', 'then-chain', 'multi-hop']);
    expect(d.confidence).toBeCloseTo(0.8, 12);
    const founded = applyRules('Who founded Acme Corp, and where was that person born?');
    expect(founded.choice.workflow).toBe('deep-search');
    // The short question rule stands down when another rule claims the query.
    expect(founded.matched).toEqual(['founded-born']);
    expect(founded.confidence).toBeCloseTo(0.6, 12);
    expect(applyRules('What is the capital of the country of the birth of the founder').choice.workflow).toBe(
      'deep-search',
    );
  });

  it('sends functions with tests to a mixed-coding swarm', () => {
    const d = applyRules(codingBench);
    expect(d.choice).toEqual({ topology: 'swarm', workflow: 'mixed-coding' });
    expect(d.matched).toEqual(['code', 'tests']);
    expect(d.confidence).toBeCloseTo(0.7, 12);
    // Two coding votes against one wide-search vote: (2/3)·min(0.9, 0.5 + 0.2).
    const mixed = applyRules('Implement a function with unit tests for each of the endpoints');
    expect(mixed.matched).toEqual(['for-each-of', 'code', 'tests']);
    expect(mixed.choice.workflow).toBe('mixed-coding');
    expect(mixed.confidence).toBeCloseTo((2 / 3) * 0.7, 12);
    expect(applyRules('Implement a parser').choice.workflow).toBe('mixed-coding');
  });

  it('gives a short factual question to one general agent with one rule’s confidence', () => {
    expect(applyRules('What is the capital of France?')).toEqual({
      choice: { topology: 'single', workflow: 'general' },
      confidence: 0.6,
      matched: ['short-question'],
    });
    // Too long to be a short question: nothing matches.
    const long =
      'What would happen to the price of bread if every bakery in the city closed on the same day?';
    expect(applyRules(long).matched).toEqual([]);
  });

  it('sends debates and brainstorms to peers', () => {
    const d = applyRules('Brainstorm names for a bakery from several perspectives');
    expect(d.choice).toEqual({ topology: 'peers', workflow: 'general' });
    expect(d.confidence).toBeCloseTo(0.6, 12);
  });

  it('halves the confidence when two choices tie, the rule listed first winning', () => {
    const d = applyRules('Debate this code');
    expect(d.matched).toEqual(['code', 'debate']);
    expect(d.choice.workflow).toBe('mixed-coding');
    expect(d.confidence).toBeCloseTo(0.3, 12);
  });

  it('falls back to a single general agent with a low confidence when nothing matches', () => {
    expect(applyRules('hello there')).toEqual({
      choice: { topology: 'single', workflow: 'general' },
      confidence: fallbackConfidence,
      matched: [],
    });
  });

  it('reads weights from the rule table', () => {
    const rules: Rule[] = [
      { id: 'a', pattern: /alpha/, choice: { topology: 'single', workflow: 'general' }, weight: 3 },
      { id: 'b', pattern: /beta/, choice: { topology: 'swarm', workflow: 'wide-search' } },
    ];
    const d = applyRules('alpha beta', rules);
    expect(d.choice.topology).toBe('single');
    expect(d.confidence).toBeCloseTo(0.75 * 0.8, 12);
    expect(defaultRules.every((r) => !r.pattern.global)).toBe(true);
  });
});
