/**
 * The simulated teacher on lesson subtasks (docs/simulator.md). Each prose part is written in the
 * plain register unless a slip, drawn at the turn's error rate, puts it in the hard one; each
 * exercise's answer is wrong at the error rate and left out at half of it. Swarm writers answer in
 * one turn; the single agent drafts every part in turn (its error rate rising as its context
 * fills) and answers with the drafts put together. Both end with the same review of the
 * exercises (lesson.ts, `reviewExercises`): the swarm's assembler, the single agent in its last
 * turn, each at its own error rate.
 */

import type { Player, PlayerInput, PlayerMove } from '../../providers/player';
import { DRAFT_TOOL } from '../../tools/draft';
import { readDrafts } from '../writing/drafts';
import {
  assembleLesson,
  type LessonRequest,
  type Part,
  planText,
  reviewExercises,
  writeExercises,
  writePart,
} from './lesson';
import { LESSON_KINDS, type LessonDescriptor, type ProsePart, singleDraftParts } from './plan';

const answer = (content: string): PlayerMove => ({ content, calls: [] });

export function playLesson(input: PlayerInput): PlayerMove {
  const d = input.descriptor as LessonDescriptor | undefined;
  if (!d || typeof d !== 'object' || !d.request) return answer('I cannot tell what to teach.');
  const r = d.request;
  switch (d.kind) {
    case 'lesson-plan':
      return answer(planText(r));
    case 'lesson-part':
      return answer(writePart(r, d.part, input.rng.next() < input.errorRate, input.rng));
    case 'lesson-exercises':
      return answer(writeExercises(r, d.first, d.last, input.errorRate, input.rng));
    case 'lesson-assemble': {
      const parts = new Map<Part, string>(Object.entries(d.parts) as [ProsePart, string][]);
      const exercises = d.exercises.filter((e): e is string => e !== null);
      if (exercises.length > 0) {
        parts.set('Exercises', reviewExercises(r, exercises.join('\n'), input.errorRate, input.rng));
      }
      return answer(assembleLesson(r, parts));
    }
    case 'lesson-single':
      return single(r, input);
    default:
      return answer('I cannot tell what to teach.');
  }
}

function single(r: LessonRequest, input: PlayerInput): PlayerMove {
  const drafts = readDrafts(input.messages);
  const canDraft = input.tools.includes(DRAFT_TOOL) && input.callsPerTurn >= 1;
  const written = new Map<string, string>();
  for (const name of singleDraftParts(r)) {
    const saved = drafts.get(name);
    if (saved !== undefined) {
      written.set(name, saved);
      continue;
    }
    const text = writeDraft(r, name, input);
    if (canDraft) return { content: null, calls: [{ name: DRAFT_TOOL, args: { part: name, text } }] };
    written.set(name, text);
  }
  const parts = new Map<Part, string>();
  const exercises: string[] = [];
  for (const [name, text] of written) {
    if (name.startsWith('Exercises')) exercises.push(text);
    else if (name !== 'plan') parts.set(name as Part, text);
  }
  // The same review as the swarm's assembly, at this turn's error rate (its context is full).
  parts.set('Exercises', reviewExercises(r, exercises.join('\n'), input.errorRate, input.rng));
  return answer(assembleLesson(r, parts));
}

function writeDraft(r: LessonRequest, name: string, input: PlayerInput): string {
  if (name === 'plan') return planText(r);
  const batch = /^Exercises (\d+)-(\d+)$/.exec(name);
  if (batch) return writeExercises(r, Number(batch[1]), Number(batch[2]), input.errorRate, input.rng);
  return writePart(r, name as ProsePart, input.rng.next() < input.errorRate, input.rng);
}

/** This kind's players by descriptor kind: what its `players()` loads (players.ts). */
export const players: Readonly<Record<string, Player>> = Object.fromEntries(
  LESSON_KINDS.map((k) => [k, playLesson]),
);
