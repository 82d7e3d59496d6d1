/**
 * Instances of `teach-explain` and the lesson's shape: a topic and a grade drawn from the topic's
 * range, the number of exercises (the size), the five parts a lesson has, and the text the
 * simulated teacher writes for each part.
 */

import { keyedRng, type Rng } from '../../util/rng';
import type { RequestLanguage } from '../spec-types';
import type { ScenarioInstance } from '../types';
import { ANSWER_LINE, lessonTexts } from './lesson-texts';
import { PARTS, type Part } from './parts';
import type { TeachExplainSpec } from './spec';
import { type Exercise, solve, TOPICS, type Topic, topicsOf, wrongAnswer } from './topics';

export const MIN_EXERCISES = 3;
export const MAX_EXERCISES = 12;

export { PARTS, type Part } from './parts';

export interface LessonRequest {
  /** The language of the request, the lesson and the grading rules. Absent: English. */
  readonly language?: RequestLanguage;
  /** Index into TOPICS (descriptors cross threads as data; the topic's functions stay here). */
  readonly topic: number;
  readonly grade: number;
  readonly exercises: number;
  /** Exercises one subagent writes in the swarm. */
  readonly perAgent: number;
}

export interface TeachExplainInstance extends ScenarioInstance {
  readonly request: LessonRequest;
}

export const topicOf = (r: LessonRequest): Topic => {
  const topics = topicsOf(r.language);
  return topics[r.topic] ?? (topics[0] as Topic);
};

export function generateTeachExplain(
  spec: TeachExplainSpec,
  seed: number,
  size: number,
): TeachExplainInstance {
  if (!Number.isInteger(size) || size < MIN_EXERCISES || size > MAX_EXERCISES) {
    throw new RangeError(
      `teach-explain "${spec.id}": size (exercises) must be a whole number from ${MIN_EXERCISES} to ${MAX_EXERCISES}, got ${size}`,
    );
  }
  const perAgent = spec.exercisesPerAgent ?? 3;
  if (!Number.isInteger(perAgent) || perAgent < 1) {
    throw new RangeError(
      `teach-explain "${spec.id}": exercisesPerAgent must be a whole number ≥ 1, got ${perAgent}`,
    );
  }
  const rng = keyedRng(seed, 'teach-explain', spec.id);
  const topic = rng.int(0, TOPICS.length - 1);
  const [lo, hi] = (TOPICS[topic] as Topic).grades;
  const language = spec.language ?? 'en';
  const request: LessonRequest = {
    // English requests carry no language, so their descriptors and traces are what they were.
    ...(language === 'en' ? {} : { language }),
    topic,
    grade: rng.int(lo, hi),
    exercises: size,
    perAgent,
  };
  return { scenario: spec.id, seed, size, prompt: lessonPrompt(request), request };
}

export function lessonPrompt(r: LessonRequest): string {
  return lessonTexts(r.language).prompt(topicOf(r).name, r.grade, r.exercises);
}

/** The swarm's exercise batches: [first, last] exercise numbers (from 1) of each. */
export function exerciseBatches(r: LessonRequest): [number, number][] {
  const batches: [number, number][] = [];
  for (let first = 1; first <= r.exercises; first += r.perAgent) {
    batches.push([first, Math.min(r.exercises, first + r.perAgent - 1)]);
  }
  return batches;
}

/** The lesson plan a teacher writes first: one line per part. */
export function planText(r: LessonRequest): string {
  return lessonTexts(r.language).plan(topicOf(r).name, r.grade, r.exercises).join('\n');
}

/** A prose part in the plain register, or the hard one when the writer forgot its audience. */
export function writePart(
  r: LessonRequest,
  part: Exclude<Part, 'Exercises'>,
  hard: boolean,
  rng: Rng,
): string {
  const t = topicOf(r);
  const texts = lessonTexts(r.language);
  const gap = r.language === 'zh' ? '' : ' ';
  switch (part) {
    case 'Introduction':
      return hard ? texts.hardIntro(t.name) : [...t.intro, texts.introEnd].join(gap);
    case 'Concept':
      return (hard ? t.concept.hard : t.concept.plain).join(gap);
    case 'Examples':
      return [1, 2]
        .map((k) => {
          const e = t.exercise(rng);
          return texts.example(k, e.question, e.answer, hard);
        })
        .join('\n');
    case 'Summary':
      return hard ? texts.hardSummary(t.name) : [...t.summary, texts.summaryEnd].join(gap);
  }
}

/** Exercises `first`..`last`, numbered, each with its answer line; slips drawn per exercise. */
export function writeExercises(
  r: LessonRequest,
  first: number,
  last: number,
  errorRate: number,
  rng: Rng,
): string {
  const lines: string[] = [];
  const asked = new Set<string>();
  for (let n = first; n <= last; n++) {
    // A teacher does not set the same question twice in a row of exercises (a few tries, as a
    // topic with four clues may run out).
    let e: Exercise = topicOf(r).exercise(rng);
    for (let tries = 0; tries < 4 && asked.has(e.question); tries++) e = topicOf(r).exercise(rng);
    asked.add(e.question);
    lines.push(`${n}. ${e.question}`);
    const wrong = rng.next() < errorRate;
    const unanswered = rng.next() < errorRate / 2;
    if (!unanswered) lines.push(answerLine(r, wrong ? wrongAnswer(e) : e.answer));
  }
  return lines.join('\n');
}

/**
 * A pass over exercises before they go out: each answer that is missing or wrong is worked out
 * again and put right, with probability 1 − error rate (the reviewer can slip too).
 */
export function reviewExercises(r: LessonRequest, text: string, errorRate: number, rng: Rng): string {
  const topic = topicOf(r);
  const out: string[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    out.push(line);
    const item = /^\s*\d+[.)]\s+(.+)$/.exec(line);
    if (!item) continue;
    const question = item[1] as string;
    const next = lines[i + 1];
    const given = next === undefined ? undefined : ANSWER_LINE.exec(next)?.[1];
    if (given !== undefined) i++;
    const right = given !== undefined && topic.check(question, given) !== false;
    const fixed = right || rng.next() < errorRate ? given : (solve(topic, question) ?? given);
    if (fixed !== undefined) out.push(answerLine(r, fixed));
  }
  return out.join('\n');
}

/** The lesson: a title, then each part that came through under its heading, in order. */
export function assembleLesson(r: LessonRequest, parts: ReadonlyMap<Part, string>): string {
  const texts = lessonTexts(r.language);
  const out = [`# ${texts.title(topicOf(r).name, r.grade)}`];
  for (const part of PARTS) {
    const text = parts.get(part);
    if (text !== undefined) out.push(`## ${texts.parts[part]}\n\n${text}`);
  }
  return out.join('\n\n');
}

/** "Answer: 7/8" in the lesson's language. */
export function answerLine(r: LessonRequest, answer: string): string {
  const texts = lessonTexts(r.language);
  return `${texts.answer}${texts.colon}${answer}`;
}
