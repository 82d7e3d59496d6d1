/**
 * The English story texts (texts.ts): the settings, names and sentence patterns the generator and
 * the simulated writer have always used, unchanged, so English runs are what they were.
 */

import type { Setting, StoryStyle, StoryTexts } from './story-types';

const SETTINGS: readonly Setting[] = [
  {
    name: 'a school of magic in the mountains',
    places: ['the east tower', 'the great hall', 'the potion cellar', 'the snowy courtyard'],
    sights: [
      'candles floating under the beams',
      'patches of frost on the tall windows',
      'shelves of humming jars',
    ],
    objects: ['a cracked wand', 'a map that redraws itself', 'a locked spellbook'],
  },
  {
    name: 'a space station orbiting Jupiter',
    places: ['the observation deck', 'the hydroponic garden', 'the docking ring', 'the engine bay'],
    sights: [
      'orange storms turning below',
      'blinking panels along the corridor',
      'tomato vines under violet lamps',
    ],
    objects: ['a silent distress beacon', 'a cracked oxygen valve', 'a message from Earth'],
  },
  {
    name: 'a lighthouse on a stormy coast',
    places: ['the lamp room', 'the rocky shore', 'the keeper’s kitchen', 'the narrow stairs'],
    sights: [
      'waves breaking white on the rocks',
      'beams of the lamp sweeping through the rain',
      'crusts of salt on the glass',
    ],
    objects: ['a bottle with a letter', 'a broken lens', 'an old logbook'],
  },
  {
    name: 'a market town in deep winter',
    places: ['the square', 'the baker’s shop', 'the frozen river', 'the town hall'],
    sights: [
      'lanterns swaying over the stalls',
      'plumes of smoke rising from every chimney',
      'sheets of ice creaking under boots',
    ],
    objects: ['a stolen silver bell', 'a mysterious parcel', 'a lost ledger'],
  },
  {
    name: 'an underwater city',
    places: ['the coral gate', 'the glass dome', 'the kelp farms', 'the old harbour'],
    sights: [
      'shoals of fish flashing silver',
      'ripples of light running through the dome',
      'bubbles drifting up the streets',
    ],
    objects: ['a pearl that glows', 'a cracked pressure seal', 'a sunken music box'],
  },
  {
    name: 'a desert caravan crossing the dunes',
    places: ['the oasis', 'the lead wagon', 'the ridge of red dunes', 'the night camp'],
    sights: [
      'waves of heat shimmering over the sand',
      'stars crowding the black sky',
      'camels kneeling by the fire',
    ],
    objects: ['a compass that points south', 'a torn trade map', 'a sealed water jar'],
  },
];

/** Names from many languages, none a common English word, none within two letters of another. */
const NAMES: readonly string[] = [
  'Mira',
  'Tomas',
  'Aiko',
  'Leila',
  'Oskar',
  'Nadia',
  'Felix',
  'Ines',
  'Ravi',
  'Yuki',
  'Bram',
  'Sofia',
  'Kwame',
  'Elena',
  'Hugo',
  'Priya',
];

const EVENTS = [
  '{A} found {object} in {place}',
  '{A} and {B} argued about what to do with {object}',
  '{B} disappeared near {place}',
  '{A} followed a trail of clues to {place}',
  '{B} revealed a secret about {object}',
  '{A} and {B} were trapped in {place}',
  'everyone gathered in {place} for one last attempt',
];

const SCENES = [
  'In {place} there were {sight}, and the air smelled of dust and cold metal.',
  'Light fell across {place}. There were {sight}, and the wind moved softly over the floor.',
  'The sky outside {place} had turned dark. There were {sight}, and every sound seemed louder than before.',
];

const ACTIONS: Readonly<Record<StoryStyle, readonly string[]>> = {
  funny: [
    '{A} tripped over a bucket, apologised to it politely, and carried on as if nothing had happened.',
    '{B} pretended to have a plan, which fooled nobody, least of all {A}.',
    'It was, {A} decided, the most ridiculous morning of a fairly ridiculous week.',
  ],
  serious: [
    '{A} weighed every choice carefully, knowing that a mistake now would cost them dearly.',
    '{B} said nothing for a long moment and then nodded once.',
    'Neither of them wanted to admit how frightened they were.',
  ],
  'fairy-tale': [
    'Once, long ago, {A} had been promised that a day like this would come.',
    '{B} whispered a rhyme that an old woman had taught them as a child.',
    'And so, with hearts beating fast, they went on together.',
  ],
  adventure: [
    '{A} grabbed the rope and swung across before anyone could object.',
    '{B} counted the seconds under their breath and then ran after {A}.',
    'There was no time to rest and no way back.',
  ],
  mystery: [
    '{A} noticed a detail that everyone else had missed.',
    '{B} had an answer ready for every question, which was itself suspicious.',
    'Somebody had been here first, and they had left in a hurry.',
  ],
};

const LINES = [
  '"We cannot stop now," {A} said. "Not when we are this close."',
  '"Then tell me everything," {B} answered, "and leave nothing out this time."',
  '"Did you hear that?" asked {B}. {A} shook their head and listened.',
];

const CLOSINGS = [
  'By the time they left {place}, they knew that {object} mattered more than anyone had guessed.',
  'It would be a long while before either of them forgot what happened in {place}.',
  'Whatever came next, {A} and {B} would face it together.',
];

function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * The last vowel changed (a letter doubled when there is none), the first letter kept ("Mira" →
 * "Mire", "Tomas" → "Tomes").
 */
function driftName(name: string): string {
  const vowels = 'aeiou';
  for (let i = name.length - 1; i > 0; i--) {
    const ch = name[i] as string;
    const v = vowels.indexOf(ch);
    if (v >= 0) return name.slice(0, i) + (vowels[(v + 1) % vowels.length] as string) + name.slice(i + 1);
  }
  return name.slice(0, 2) + name.slice(1);
}

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

export const STORY_EN: StoryTexts = {
  settings: SETTINGS,
  names: NAMES,
  perSection: { min: 110, max: 200 },
  styleWord: {
    funny: 'funny',
    serious: 'serious',
    'fairy-tale': 'fairy-tale',
    adventure: 'adventure',
    mystery: 'mystery',
  },
  prompt: (r) =>
    [
      `Write a ${r.style} story set in ${r.setting.name}, with the characters ${listOf(r.characters)}.`,
      `It should be ${r.minWords}–${r.maxWords} words long.`,
      `Plan it first as an outline of ${r.plotPoints} plot points, then write one section per plot point.`,
      'Every character must appear by name, and every section should open by showing where it takes place.',
      'Answer with a title line, then each section under a heading line starting with "## ".',
    ].join(' '),
  events: EVENTS,
  scenes: SCENES,
  actions: ACTIONS,
  lines: LINES,
  closings: CLOSINGS,
  title: (style, first) =>
    `# The ${capitalise(style === 'fairy-tale' ? 'tale' : 'story')} of ${first ?? 'nobody'}`,
  heading: (point, index) => `${index + 1}. ${point.split(/\s+/).slice(0, 5).join(' ')}`,
  list: listOf,
  answerIn: '',
  drift: driftName,
};
