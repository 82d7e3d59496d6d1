import { describe, expect, it } from 'vitest';
import { lessonCriteria } from '../../../../src/core/scenarios/teach-explain/grade';
import type { LessonRequest } from '../../../../src/core/scenarios/teach-explain/lesson';
import { gradeLevel, russianFlesch } from '../../../../src/core/scenarios/teach-explain/readability';

/** Hand-written lessons in Chinese and Russian, graded by their language's rules. */

// Topic 3 is rounding to the nearest ten, grades 2–4.
const zh: LessonRequest = { language: 'zh', topic: 3, grade: 3, exercises: 3, perAgent: 3 };
const ru: LessonRequest = { language: 'ru', topic: 3, grade: 4, exercises: 3, perAgent: 3 };

const zhLesson = `# 四舍五入到十位（3年级）

## 引言

买东西的时候，我们常说“大约五十块”。

## 概念

看个位上的数字。是5或更大，就进一；是4或更小，就舍去。

## 例题

例1：把47四舍五入到十位。个位是7，所以是50。

## 练习

1. 把23四舍五入到十位。
答案：20
2. 把65四舍五入到十位。
**答案**：70
3. 把81四舍五入到十位。
答案：90

## 小结

五以上进一，四以下舍去。`;

const ruLesson = `# Округление до десятков (4 класс)

## Введение

В магазине мы часто говорим: «примерно пятьдесят рублей».

## Объяснение

Смотри на последнюю цифру. Пять и больше — вверх. Четыре и меньше — вниз.

## Примеры

Пример 1: Округли 47 до десятков. Там семь. Будет 50.

## Упражнения

1. Округли 23 до десятков.
Ответ: 20
2. Округли 65 до десятков.
ответ: 70
3. Округли 81 до десятков.
Ответ: 90

## Итог

Пять и больше — вверх. Четыре и меньше — вниз.`;

describe('Chinese lessons', () => {
  it('reads the headings and answer lines in Chinese and leaves readability out', () => {
    // The third answer is wrong (81 rounds to 80): two of three exercises are right.
    expect(lessonCriteria(zh, zhLesson)).toEqual({ parts: 1, exercises: 2 / 3 });
    expect(gradeLevel('这是一个句子。', 'zh')).toBeUndefined();
  });

  it('accepts English headings in a Chinese lesson, and finds parts out of order', () => {
    const english = zhLesson.replace('## 引言', '## Introduction').replace('## 小结', '## Summary');
    expect(lessonCriteria(zh, english).parts).toBe(1);
    const swapped = zhLesson.replace('## 概念', '## 临时').replace('## 小结', '## 概念');
    expect(lessonCriteria(zh, swapped).parts).toBeLessThan(1);
  });
});

describe('Russian lessons', () => {
  it('reads the headings and answer lines in Russian and measures readability by the Russian formula', () => {
    const c = lessonCriteria(ru, ruLesson);
    expect(c.parts).toBe(1);
    expect(c.exercises).toBeCloseTo(2 / 3, 12);
    expect(c.readability).toBe(1);
  });

  it('counts Russian syllables exactly, one per vowel', () => {
    const r = russianFlesch('Мама мыла раму.');
    expect([r.words, r.sentences, r.syllables]).toEqual([3, 1, 6]);
  });

  it('scores the hard register far above a grade-4 class', () => {
    const hard = ruLesson.replace(
      'Смотри на последнюю цифру. Пять и больше — вверх. Четыре и меньше — вниз.',
      'Округление до ближайшего кратного десяти аппроксимирует целое число ближайшим элементом множества десятичных десятков, причём равноудалённые значения округляются в большую сторону.',
    );
    expect(lessonCriteria(ru, hard).readability).toBeLessThan(lessonCriteria(ru, ruLesson).readability ?? 0);
    expect(gradeLevel(hard, 'ru')).toBeGreaterThan(gradeLevel(ruLesson, 'ru') ?? 0);
  });
});
