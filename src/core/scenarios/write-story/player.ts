/**
 * The simulated model on story subtasks (docs/simulator.md). Outline and section writers answer
 * in one turn; each section draws its slips at the turn's error rate. The merge joins the sections
 * and corrects each misspelt name it meets with probability 1 − error rate. The single agent
 * drafts the outline, then one section per turn (its error rate rising as its context fills with
 * its own drafts), and answers with the drafts joined after the same pass over the names as the
 * merge, at its own (higher) error rate.
 */

import type { Player, PlayerInput, PlayerMove } from '../../providers/player';
import { DRAFT_TOOL } from '../../tools/draft';
import { drawSlips, readDrafts } from '../writing/drafts';
import { driftsOf, fixDrift } from './names';
import type { StoryDescriptor } from './plan';
import { STORY_KINDS } from './plan';
import { assembleStory, outlineText, parseOutline, plotPoints, SLIPS, writeSection } from './prose';
import type { StoryRequest } from './request';

const answer = (content: string): PlayerMove => ({ content, calls: [] });

export function playStory(input: PlayerInput): PlayerMove {
  const d = input.descriptor as StoryDescriptor | undefined;
  if (!d || typeof d !== 'object' || !d.request) return answer('I cannot tell what to write.');
  const r = d.request;
  switch (d.kind) {
    case 'story-outline':
      return answer(outlineText(plotPoints(r, input.rng)));
    case 'story-section': {
      const point = d.point ?? 'The story goes on';
      return answer(writeSection(r, point, d.index, drawSlips(SLIPS, input.errorRate, input.rng), input.rng));
    }
    case 'story-merge':
      return answer(merge(r, d.sections, input));
    case 'story-single':
      return single(r, input);
    default:
      return answer('I cannot tell what to write.');
  }
}

function merge(r: StoryRequest, sections: readonly (string | null)[], input: PlayerInput): string {
  const present = sections.filter((s): s is string => s !== null);
  return fixNames(assembleStory(r, present), r, input);
}

/** Each misspelt name put right with probability 1 − error rate (the reader can miss one too). */
function fixNames(story: string, r: StoryRequest, input: PlayerInput): string {
  let fixed = story;
  for (const drift of driftsOf(story, r.characters, r.language)) {
    if (input.rng.next() >= input.errorRate) fixed = fixDrift(fixed, drift, r.language);
  }
  return fixed;
}

function single(r: StoryRequest, input: PlayerInput): PlayerMove {
  const drafts = readDrafts(input.messages);
  const canDraft = input.tools.includes(DRAFT_TOOL) && input.callsPerTurn >= 1;
  const outline = drafts.get('outline');
  const draft = (part: string, text: string): PlayerMove => ({
    content: null,
    calls: [{ name: DRAFT_TOOL, args: { part, text } }],
  });
  if (outline === undefined) {
    const text = outlineText(plotPoints(r, input.rng));
    if (canDraft) return draft('outline', text);
  }
  const points = parseOutline(outline ?? outlineText(plotPoints(r, input.rng)));
  const sections: string[] = [];
  for (let i = 0; i < r.plotPoints; i++) {
    const done = drafts.get(`section ${i + 1}`);
    if (done !== undefined) {
      sections.push(done);
      continue;
    }
    const text = writeSection(
      r,
      points[i] ?? 'The story goes on',
      i,
      drawSlips(SLIPS, input.errorRate, input.rng),
      input.rng,
    );
    if (canDraft) return draft(`section ${i + 1}`, text);
    sections.push(text);
  }
  // The same pass over the names as the swarm's merge, at this turn's error rate.
  return answer(fixNames(assembleStory(r, sections), r, input));
}

/** This kind's players by descriptor kind: what its `players()` loads (players.ts). */
export const players: Readonly<Record<string, Player>> = Object.fromEntries(
  STORY_KINDS.map((k) => [k, playStory]),
);
