/**
 * Instances of `teach-explain` and the lesson's shape: a topic and a grade drawn from the topic's
 * range, the number of exercises (the size), the five parts a lesson has, and the text the
 * simulated teacher writes for each part.
 */

import { keyedRng, type Rng } from '../../util/rng';
import type { TeachExplainSpec } from '../spec-types';
import type { ScenarioInstance } from '../types';
import { type Exercise, solve, TOPICS, type Topic, wrongAnswer } from './topics';

export const MIN_EXERCISES = 3;
export const MAX_EXERCISES = 12;

export const PARTS = ['Introduction', 'Concept', 'Examples', 'Exercises', 'Summary'] as const;
export type Part = (typeof PARTS)[number];

export interface LessonRequest {
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

export const topicOf = (r: LessonRequest): Topic => TOPICS[r.topic] ?? (TOPICS[0] as Topic);

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
  const request: LessonRequest = { topic, grade: rng.int(lo, hi), exercises: size, perAgent };
  return { scenario: spec.id, seed, size, prompt: lessonPrompt(request), request };
}

export function lessonPrompt(r: LessonRequest): string {
  return [
    `Teach ${topicOf(r).name} to a class in grade ${r.grade} (about ${r.grade + 5} years old).`,
    `Write a lesson in five parts, in this order, each under a heading line starting with "## ": ${PARTS.join(', ')}.`,
    `The Exercises part has ${r.exercises} numbered exercises ("1. …"), each followed by a line "Answer: …".`,
    `Use words and sentences a grade-${r.grade} pupil can read.`,
  ].join(' ');
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
  const t = topicOf(r);
  return [
    `Introduction: a question from everyday life that leads to ${t.name}.`,
    `Concept: what ${t.name} means, in plain words for grade ${r.grade}.`,
    'Examples: two worked examples.',
    `Exercises: ${r.exercises} exercises with answers.`,
    'Summary: the rule in two sentences.',
  ].join('\n');
}

/** A prose part in the plain register, or the hard one when the writer forgot its audience. */
export function writePart(
  r: LessonRequest,
  part: Exclude<Part, 'Exercises'>,
  hard: boolean,
  rng: Rng,
): string {
  const t = topicOf(r);
  switch (part) {
    case 'Introduction':
      return hard
        ? `This instructional unit systematically introduces the conceptual foundations of ${t.name}, contextualising its applicability within quotidian circumstances and establishing prerequisite terminology.`
        : [...t.intro, 'By the end of this lesson you will know how to do it yourself.'].join(' ');
    case 'Concept':
      return (hard ? t.concept.hard : t.concept.plain).join(' ');
    case 'Examples':
      return [1, 2]
        .map((k) => {
          const e = t.exercise(rng);
          return `Example ${k}: ${e.question} ${hard ? 'Applying the rule systematically yields' : 'We use the rule. The answer is'} ${e.answer}.`;
        })
        .join('\n');
    case 'Summary':
      return hard
        ? `Consequently, comprehensive understanding of ${t.name} necessitates internalising the aforementioned procedural generalisations together with their underlying mathematical justification.`
        : [...t.summary, 'Well done for working hard today!'].join(' ');
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
    if (!unanswered) lines.push(`Answer: ${wrong ? wrongAnswer(e) : e.answer}`);
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
    const given = next === undefined ? undefined : /^\s*answer\s*:\s*(.+)$/i.exec(next)?.[1];
    if (given !== undefined) i++;
    const right = given !== undefined && topic.check(question, given) !== false;
    const fixed = right || rng.next() < errorRate ? given : (solve(topic, question) ?? given);
    if (fixed !== undefined) out.push(`Answer: ${fixed}`);
  }
  return out.join('\n');
}

/** The lesson: a title, then each part that came through under its heading, in order. */
export function assembleLesson(r: LessonRequest, parts: ReadonlyMap<Part, string>): string {
  const out = [`# ${capitalise(topicOf(r).name)} (grade ${r.grade})`];
  for (const part of PARTS) {
    const text = parts.get(part);
    if (text !== undefined) out.push(`## ${part}\n\n${text}`);
  }
  return out.join('\n\n');
}

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
