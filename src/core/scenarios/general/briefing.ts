/**
 * The sample task of the `general` kind: a short briefing on an everyday subject for someone, one
 * part per topic the request names. The texts the simulated assistant writes are here too, so the
 * player and the tests read one source: a part on a topic, a drifted part that misses it, and the
 * merge that puts the parts into one briefing in its own words.
 */

import { createRng } from '../../util/rng';
import type { ScenarioInstance } from '../types';

export interface Subject {
  readonly subject: string;
  readonly audience: string;
  /** Each topic with the advice a part on it gives. */
  readonly topics: readonly (readonly [string, string])[];
}

const SUBJECTS: readonly Subject[] = [
  {
    subject: 'moving to a new city',
    audience: 'a family',
    topics: [
      ['housing', 'visit the neighbourhoods at different hours before signing a lease'],
      ['schools', 'ask each school for its admissions calendar early, since places fill in spring'],
      ['transport', 'price a monthly transit pass against the cost of parking near work'],
      ['healthcare', 'register with a local clinic in the first week, not when someone falls ill'],
      ['budget', 'keep three months of rent aside for deposits and the first surprises'],
      ['neighbours', 'introduce yourselves on the first weekend; they know which plumber to call'],
    ],
  },
  {
    subject: 'starting a vegetable garden',
    audience: 'a beginner',
    topics: [
      ['soil', 'test its acidity and work in compost before anything is planted'],
      ['sunlight', 'pick the bed that gets six hours of direct sun in midsummer'],
      ['watering', 'water deeply twice a week rather than a little every evening'],
      ['seedlings', 'harden them off outdoors for a week before they go in the ground'],
      ['pests', 'check under the leaves every few days and pick slugs off by hand'],
      ['harvest', 'pick beans and courgettes young, which keeps the plants producing'],
    ],
  },
  {
    subject: 'running a small bakery',
    audience: 'a new owner',
    topics: [
      ['suppliers', 'keep a second flour supplier on file for the week the first one runs short'],
      ['pricing', 'cost each loaf by its ingredients, labour and oven time before setting a price'],
      ['hygiene', 'write the cleaning rota down and keep the inspection records by the door'],
      ['staffing', 'hire the early shift first, because baking starts hours before opening'],
      ['marketing', 'a chalkboard of the day’s bakes brings in more passers-by than any advert'],
      ['equipment', 'service the ovens before the winter rush, not during it'],
    ],
  },
  {
    subject: 'preparing for a long hike',
    audience: 'a group of friends',
    topics: [
      ['route', 'split it into legs with a turn-back time for each one'],
      ['weather', 'read the mountain forecast the evening before and again at dawn'],
      ['footwear', 'walk in the boots for a month first so that blisters come at home'],
      ['water', 'carry two litres each and know where the streams on the way are'],
      ['first aid', 'pack blister plasters, a foil blanket and the number of the rescue service'],
      ['navigation', 'bring a paper map and compass in case the phone battery dies'],
    ],
  },
];

export interface GeneralInstance extends ScenarioInstance {
  readonly subject: string;
  readonly audience: string;
  /** The topics the request names, in its order, each with its advice. */
  readonly topics: readonly (readonly [string, string])[];
}

/** The request in words: what the user asked. */
export const requestText = (s: Pick<GeneralInstance, 'subject' | 'audience' | 'topics'>) =>
  `Write a short briefing for ${s.audience} on ${s.subject}, covering ${listed(s.topics.map(([t]) => t))}.`;

const listed = (xs: readonly string[]) =>
  xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`;

/** Same seed and size, the same instance: a subject, then `size` of its topics in a seeded order. */
export function generateGeneral(scenario: string, seed: number, size: number): GeneralInstance {
  const rng = createRng(`general/${seed}`);
  const s = SUBJECTS[rng.int(0, SUBJECTS.length - 1)] as Subject;
  const order = s.topics.map((t) => ({ t, k: rng.next() })).sort((a, b) => a.k - b.k);
  const topics = order.slice(0, Math.min(size, s.topics.length)).map((o) => o.t);
  const base = { subject: s.subject, audience: s.audience, topics };
  return { scenario, seed, size: topics.length, prompt: requestText(base), ...base };
}

const capital = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

/** One part: the topic's advice for the audience. */
export const partText = (
  s: Pick<GeneralInstance, 'subject' | 'audience'>,
  [topic, advice]: readonly [string, string],
) =>
  `${capital(topic)}, for ${s.audience} ${s.subject}: ${advice}. This matters because it is the part of ${s.subject} that goes wrong first when it is left to the last minute.`;

/** A part that drifted: general words that never reach its topic. */
export const driftText = (s: Pick<GeneralInstance, 'subject'>) =>
  `Plans go better with time to spare. Start early, ask people who have done it before, and write things down as you go with ${s.subject}.`;

/** The advice a text gives, topic by topic: a part's one, or a briefing's lines; none for a drifted part. */
export function advicesOf(text: string): { topic: string; advice: string }[] {
  const part = /^(.+?), for .+?: (.+?)\. This matters/s.exec(text.trim());
  if (part) return [{ topic: (part[1] as string).toLowerCase(), advice: part[2] as string }];
  return [...text.matchAll(/^- (.+?): (.+?)\.$/gm)].map((m) => ({
    topic: (m[1] as string).toLowerCase(),
    advice: m[2] as string,
  }));
}

/**
 * The merge: one briefing, a line of advice per topic some part gave (the first part's, when two
 * gave one), in the merger's own words. `team` heads it as a team's joint answer (peers).
 */
export function mergeText(
  s: Pick<GeneralInstance, 'subject' | 'audience'>,
  parts: readonly string[],
  team = false,
): string {
  const seen = new Set<string>();
  const lines = parts.flatMap((p) =>
    advicesOf(p).flatMap(({ topic, advice }) => {
      if (seen.has(topic)) return [];
      seen.add(topic);
      return [`- ${capital(topic)}: ${advice}.`];
    }),
  );
  return [
    `${team ? "The team's" : 'A'} briefing for ${s.audience} on ${s.subject}.`,
    '',
    ...lines,
    '',
    `Taken together: settle these before the day itself, and ${s.subject} will hold few surprises.`,
  ].join('\n');
}
