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

// The request texts of the write-story and teach-explain scenarios (one seed each).
const storyBench =
  'Write a mystery story set in an underwater city, with the characters Sofia, Mira, Ines and Tomas. It should ' +
  'be 600–900 words long. Plan it first as an outline of 5 plot points, then write one section per plot point. ' +
  'Every character must appear by name, and every section should open by showing where it takes place. Answer ' +
  'with a title line, then each section under a heading line starting with "## ".';
const lessonBench =
  'Teach the water cycle to a class in grade 4 (about 9 years old). Write a lesson in five parts, in this order, ' +
  'each under a heading line starting with "## ": Introduction, Concept, Examples, Exercises, Summary. ' +
  'The Exercises part has 6 numbered exercises ("1. …"), each followed by a line "Answer: …". Use words and ' +
  'sentences a grade-4 pupil can read.';

describe('applyRules on the story, lesson and knowledge-base workflows', () => {
  const story = { topology: 'swarm', workflow: 'write-story' };
  const teach = { topology: 'swarm', workflow: 'teach-explain' };
  const rag = { topology: 'swarm', workflow: 'rag-qa' };

  it('sends stories, by form, genre or parts, to a write-story swarm', () => {
    const bench = applyRules(storyBench);
    expect(bench.choice).toEqual(story);
    // The outline's "then … then" is one deep-search vote against four story votes.
    expect(bench.matched).toEqual(['then-chain', 'story', 'story-genre', 'story-parts', 'write-a-story']);
    expect(bench.confidence).toBeCloseTo((4 / 5) * 0.9, 12);
    expect(applyRules('Write me a story about a lonely robot').choice).toEqual(story);
    expect(applyRules('Tell me a fable about a fox and a crow').matched).toEqual(['story', 'write-a-story']);
    expect(applyRules('A noir piece with a detective and a femme fatale, two scenes').choice).toEqual(story);
    // An audience alone does not make a story a lesson: "a tale … for a six-year-old" stays a story.
    expect(applyRules('Make up a funny tale about a penguin, for a six-year-old').choice).toEqual(story);
  });

  it('sends lessons for an age or grade, with exercises, to a teach-explain swarm', () => {
    const bench = applyRules(lessonBench);
    expect(bench.choice).toEqual(teach);
    // Its five capitalised part names read as a list of names: one wide vote against three.
    expect(bench.matched).toEqual(['many-names', 'teach', 'audience', 'exercises']);
    expect(bench.confidence).toBeCloseTo((3 / 4) * 0.8, 12);
    expect(applyRules('Make a worksheet on fractions for third graders').matched).toEqual([
      'audience',
      'exercises',
    ]);
    expect(applyRules('ELI5: how do vaccines work?').choice).toEqual(teach);
    expect(applyRules('Explain photosynthesis to a 10-year-old').confidence).toBeCloseTo(
      (1.5 / 1.5) * 0.65,
      12,
    );
  });

  it('counts a plain "explain" as half a vote, so a programmer’s request stays code', () => {
    // Half a vote alone: min(0.9, 0.5 + 0.05).
    const alone = applyRules('Explain how the tides work');
    expect(alone).toMatchObject({ choice: teach, matched: ['explain'] });
    expect(alone.confidence).toBeCloseTo(0.55, 12);
    const code = applyRules('Fix the off-by-one error in this binary search and explain what was wrong');
    expect(code.choice).toEqual({ topology: 'swarm', workflow: 'mixed-coding' });
    expect(code.confidence).toBeCloseTo((1 / 1.5) * 0.6, 12);
  });

  it('sends questions about the user’s own documents to a rag-qa swarm', () => {
    expect(applyRules('According to my notes, who do I ask for VPN access?').matched).toEqual([
      'my-documents',
    ]);
    expect(
      applyRules('In the PDF I uploaded, what does the author say about sample size? Cite the page.'),
    ).toMatchObject({
      choice: rag,
      matched: ['according-to', 'uploaded', 'cite'],
    });
    expect(
      applyRules('From our internal wiki, what is the procedure for rotating credentials?').choice,
    ).toEqual(rag);
    expect(applyRules('Search our knowledge base for the refund policy').choice).toEqual(rag);
    // A short question about one's files is still theirs to answer from, not general knowledge.
    expect(applyRules('What does my handbook say about leave?').matched).toEqual(['my-documents']);
  });

  it('still tells a birthplace chain, a whole set and a first-person narrator apart', () => {
    expect(
      applyRules('Which national park is nearest to where the first person to summit K2 was born?').matched,
    ).not.toContain('story-genre');
    expect(applyRules('Write it in the first person, as the ghost').matched).toEqual(['story-genre']);
    expect(applyRules('For all 50 states, what is the minimum wage?').choice.workflow).toBe('wide-search');
    expect(applyRules('Who designed the logo of the company that acquired Instagram?')).toMatchObject({
      choice: { topology: 'swarm', workflow: 'deep-search' },
      matched: ['described-entity'],
    });
  });
});
