import { describe, expect, it } from 'vitest';
import { lessonCriteria } from '../../../../src/core/scenarios/teach-explain/grade';
import type { LessonRequest } from '../../../../src/core/scenarios/teach-explain/lesson';
import { fleschKincaid, readabilityScore } from '../../../../src/core/scenarios/teach-explain/readability';
import { solve, TOPICS } from '../../../../src/core/scenarios/teach-explain/topics';
import { createRng } from '../../../../src/core/util/rng';

// Topic 0 is adding fractions with the same denominator.
const request: LessonRequest = { topic: 0, grade: 4, exercises: 3, perAgent: 3 };

const good = `# Adding fractions (grade 4)

## Introduction
Have you ever shared a pizza? Each slice is a part of the whole.

## Concept
A fraction shows a part of a whole. When the bottom numbers are the same, add the top numbers.

## Examples
Example 1: What is 1/5 + 2/5? Add the tops. The answer is 3/5.

## Exercises
1. What is 1/4 + 2/4?
Answer: 3/4
2. What is 2/9 + 5/9?
Answer: 7/9
3. What is 3/8 + 1/8?
Answer: 1/2

## Summary
Add the top numbers. Keep the bottom number.`;

describe('the lesson grader', () => {
  it('gives a lesson with its five parts, right answers and plain words 1 on every criterion', () => {
    expect(lessonCriteria(request, good)).toEqual({ parts: 1, exercises: 1, readability: 1 });
  });

  it('counts the parts found in order', () => {
    // Summary first and Introduction last: Concept, Examples, Exercises are the longest run in order.
    const swapped = good
      .replace('## Introduction', '## Summary!')
      .replace('## Summary\n', '## Introduction\n');
    expect(lessonCriteria(request, swapped).parts).toBe(3 / 5);
    expect(lessonCriteria(request, good.replace('## Examples', '## Worked cases')).parts).toBe(4 / 5);
  });

  it('marks a wrong answer and an exercise with no answer line, and accepts an equal fraction', () => {
    expect(lessonCriteria(request, good.replace('Answer: 7/9', 'Answer: 8/9')).exercises).toBeCloseTo(2 / 3);
    expect(lessonCriteria(request, good.replace('Answer: 7/9\n', '')).exercises).toBeCloseTo(2 / 3);
    // 1/2 = 4/8 was counted right above; and more exercises than asked for do not score above 1.
    expect(lessonCriteria({ ...request, exercises: 2 }, good).exercises).toBe(1);
  });

  it('marks text too hard for the class down', () => {
    const hard = good.replace(
      'A fraction shows a part of a whole.',
      'A fraction represents a rational quantity expressed as the quotient of two integers, consequently necessitating considerable conceptual sophistication, particularly regarding denominators, numerators and their multiplicative interrelationships within arithmetic.',
    );
    expect(lessonCriteria(request, hard).readability).toBeLessThan(1);
  });

  it('computes the Flesch–Kincaid grade from words, sentences and syllables', () => {
    const r = fleschKincaid('The cat sat on the mat.');
    expect(r).toMatchObject({ words: 6, sentences: 1, syllables: 6 });
    expect(r.grade).toBeCloseTo(0.39 * 6 + 11.8 - 15.59, 10);
    expect(readabilityScore(fleschKincaid('').grade, 4)).toBe(0);
    expect(readabilityScore(6, 4)).toBe(1);
    expect(readabilityScore(8, 4)).toBe(0.5);
  });

  it('has every topic work out the answers of its own exercises', () => {
    const rng = createRng(7);
    for (const topic of TOPICS) {
      for (let i = 0; i < 20; i++) {
        const e = topic.exercise(rng);
        expect(topic.check(e.question, e.answer), `${topic.name}: ${e.question}`).toBe(true);
        expect(topic.check(e.question, solve(topic, e.question) ?? ''), e.question).toBe(true);
      }
    }
  });
});
