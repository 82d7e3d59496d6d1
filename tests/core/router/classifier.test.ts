import { describe, expect, it } from 'vitest';
import { predictNaiveBayes, trainNaiveBayes } from '../../../src/core/router/classifier';
import { features, tokenize } from '../../../src/core/router/text';

/** A labelled toy set: 8 queries per class, the last 2 of each held out. */
const toy: Record<string, string[]> = {
  'swarm/wide-search': [
    'Fill in a table of every company in the list with its founder and headquarters',
    'Make a table with one row for each country: capital, population, currency',
    'List all universities in the region with their founding year and city',
    'For each of these ten cities give the mayor, the population and the area',
    'Collect the website and employees of every company in this list into a table',
    'Build a spreadsheet with one row per product: price, maker, release year',
    'Give a table with one row for each airline: hub, fleet size and founding year',
    'List every museum in the city with its address and opening year in a table',
  ],
  'swarm/deep-search': [
    'Who founded the company that built the bridge, and where was that person born?',
    'Find the birthplace of the founder of the company that makes this phone',
    'Which country is the city where the author of this book was born in?',
    'Start from the painter, find the city of birth, then the country of that city',
    'Who was the teacher of the teacher of the composer of this symphony?',
    'Find where the founder of the bank was born, then the capital of that country',
    'Who founded the firm that owns the stadium, and in which city was that person born?',
    'Find the country of the city where the founder of the airline was born',
  ],
  'swarm/mixed-coding': [
    'Implement a function that sorts an array and write unit tests for it',
    'Write JavaScript functions for mean and variance with tests',
    'Fix the bug in this function so that the tests pass',
    'Refactor the code of the parser into smaller functions and add tests',
    'Implement a stack class with push and pop functions and unit tests',
    'Write a function that reverses a string and check it against the tests',
    'Implement a function that merges two sorted arrays, with unit tests',
    'Write a JavaScript function for the median of an array and tests for it',
  ],
  'single/general': [
    'What is the boiling point of water?',
    'How tall is the tallest mountain?',
    'What year did the war end?',
    'Who wrote this poem?',
    'What is the speed of light?',
    'How many legs does a spider have?',
    'What is the melting point of iron?',
    'How many days does a leap year have?',
  ],
  'peers/general': [
    'Debate whether cities should ban cars, from several perspectives',
    'Brainstorm names for a new bakery',
    'Give the pros and cons of remote work as a debate',
    'Argue both sides: should homework be abolished?',
    'Brainstorm ideas for a school science fair from different viewpoints',
    'Discuss several perspectives on nuclear power and debate them',
    'Brainstorm slogans for a bicycle shop from several viewpoints',
    'Debate the pros and cons of a four day work week',
  ],
};

const split = (held: boolean) =>
  Object.entries(toy).flatMap(([label, texts]) =>
    texts.filter((_, i) => i >= 6 === held).map((text) => ({ text, label })),
  );

describe('text features', () => {
  it('lowercases, finds words as a segmenter does, and adds bigrams', () => {
    // Intl.Segmenter keeps "it's" one word, as a reader would.
    expect(tokenize("Who founded Acme-Corp? It's 1999!")).toEqual([
      'who',
      'founded',
      'acme',
      'corp',
      "it's",
      '1999',
    ]);
    expect(features('For each, of')).toEqual(['for', 'each', 'of', 'for each', 'each of']);
    expect(features('  ...  ')).toEqual([]);
  });

  it('adds character bigrams where words are not separated, and stems of inflected words', () => {
    // The dictionary does not know 贪吃蛇: its characters' bigrams carry it whatever the split.
    const zh = features('写一个贪吃蛇游戏');
    expect(zh).toEqual(expect.arrayContaining(['贪吃', '吃蛇', '蛇游', '游戏'].map((b) => `#${b}`)));
    // The forms of a Russian word share their stem.
    expect(features('варианта')).toContain('~вариа');
    expect(features('варианты')).toContain('~вариа');
    expect(features('Сравни, сравнение, три').filter((f) => f === '~сравн')).toHaveLength(2);
    expect(features('три').some((f) => f.startsWith('~'))).toBe(false);
    // English words get no stems: their trigrams are the embedder's business.
    expect(features('comparison').some((f) => f.startsWith('~'))).toBe(false);
  });
});

describe('multinomial naive Bayes', () => {
  it('computes Laplace-smoothed posteriors exactly', () => {
    // Vocabulary: apple, car, red, red apple, red car (|V| = 5); each class holds 3 features.
    const model = trainNaiveBayes([
      { text: 'red apple', label: 'fruit' },
      { text: 'red car', label: 'car' },
    ]);
    expect(model.vocab).toEqual(['apple', 'car', 'red', 'red apple', 'red car']);
    expect(model.classes).toEqual(['car', 'fruit']);
    expect(model.counts).toEqual([
      [0, 1, 1, 0, 1],
      [1, 0, 1, 1, 0],
    ]);
    // P(apple | fruit) = (1 + 1) / (3 + 5), P(apple | car) = (0 + 1) / (3 + 5); equal priors.
    const p = predictNaiveBayes(model, 'apple');
    expect(p.label).toBe('fruit');
    expect(p.posterior).toBeCloseTo(2 / 3, 12);
    expect(p.posteriors.car).toBeCloseTo(1 / 3, 12);
    expect(p.coverage).toBe(1);
    // "green apple": 1 of 3 features known, so the confidence is a third of the posterior.
    const q = predictNaiveBayes(model, 'green apple');
    expect(q.posterior).toBeCloseTo(2 / 3, 12);
    expect(q.coverage).toBeCloseTo(1 / 3, 12);
    expect(q.confidence).toBeCloseTo(2 / 9, 12);
  });

  it('falls back on the class priors for a query of unknown words, with zero confidence', () => {
    const model = trainNaiveBayes([
      { text: 'a', label: 'x' },
      { text: 'b', label: 'x' },
      { text: 'c', label: 'y' },
    ]);
    const p = predictNaiveBayes(model, 'zzz');
    expect(p.label).toBe('x');
    expect(p.posterior).toBeCloseTo(2 / 3, 12);
    expect(p.confidence).toBe(0);
  });

  it('reaches at least 90% on held-out queries of a labelled toy set', () => {
    const train = split(false);
    const test = split(true);
    expect(train.length + test.length).toBeGreaterThanOrEqual(20);
    const model = trainNaiveBayes(train);
    const right = test.filter((e) => predictNaiveBayes(model, e.text).label === e.label);
    expect(right.length / test.length).toBeGreaterThanOrEqual(0.9);
    // And it learned something: it does better than always saying the first class.
    expect(right.length).toBeGreaterThan(test.length / Object.keys(toy).length);
  });

  it('is order-free: shuffled examples give the same model', () => {
    const train = split(false);
    expect(trainNaiveBayes([...train].reverse())).toEqual(trainNaiveBayes(train));
  });

  it('refuses a smoothing of 0 and predicting without classes', () => {
    expect(() => trainNaiveBayes([], 0)).toThrow(/smoothing must be > 0/);
    expect(() => predictNaiveBayes(trainNaiveBayes([]), 'x')).toThrow(/no classes/);
  });
});
