/**
 * What a detector saw, as facts and as the core's one English sentence (the trace's `evidence`,
 * what the CLI and the API print). Each kind's sentence is written here once, and read back here
 * (`evidenceFacts`), so the page can say a stored trace's evidence in its own language from the
 * facts while the trace keeps its English; a sentence this module did not write (a crash's own
 * message, an older trace's wording) gives no facts and is shown as it is.
 */
import type { AnomalyKind } from '../trace/events';

/** The facts of one anomaly's evidence, as the sentence prints them (`12.0` ms a token, a tool's name). */
export type EvidenceFacts = Readonly<Record<string, string | number>>;

interface Sentence {
  /** The sentence, from its facts. */
  readonly write: (f: EvidenceFacts) => string;
  /** The same sentence read back: its facts' names in the order the pattern captures them. */
  readonly pattern: RegExp;
  readonly names: readonly string[];
  /** Facts read back as numbers. */
  readonly numbers: readonly string[];
}

const SENTENCES: Readonly<Partial<Record<AnomalyKind, Sentence>>> = {
  slow: {
    write: (f) =>
      `a model turn took ${f.ms} ms, ${f.perToken} ms a token; the swarm's turns stay under ${f.level} ms a token`,
    pattern:
      /^a model turn took (-?[\d.]+) ms, (-?[\d.]+) ms a token; the swarm's turns stay under (-?[\d.]+|Infinity) ms a token$/,
    names: ['ms', 'perToken', 'level'],
    numbers: ['ms', 'perToken', 'level'],
  },
  'runaway-tokens': {
    write: (f) => `${f.tokens} tokens in one attempt; the swarm's attempts stay under ${f.level}`,
    pattern: /^(\d+) tokens in one attempt; the swarm's attempts stay under (-?[\d.]+|Infinity)$/,
    names: ['tokens', 'level'],
    numbers: ['tokens', 'level'],
  },
  'runaway-tools': {
    write: (f) => `${f.calls} tool calls in one attempt; the swarm's attempts stay under ${f.level}`,
    pattern: /^(\d+) tool calls in one attempt; the swarm's attempts stay under (-?[\d.]+|Infinity)$/,
    names: ['calls', 'level'],
    numbers: ['calls', 'level'],
  },
  'capability-violation': {
    write: (f) => `called ${f.tool}, a tool it was not granted (${f.rejection}); the call was refused`,
    pattern: /^called (.+), a tool it was not granted \(([\w-]+)\); the call was refused$/s,
    names: ['tool', 'rejection'],
    numbers: [],
  },
  'error-burst': {
    write: (f) => `${f.errors} calls rejected for their arguments (the last: ${f.tool}, ${f.rejection})`,
    pattern: /^(\d+) calls rejected for their arguments \(the last: (.+), ([\w-]+)\)$/s,
    names: ['errors', 'tool', 'rejection'],
    numbers: ['errors'],
  },
  loop: {
    write: (f) => `${f.tool} called ${f.times} times with the same arguments ${f.args}`,
    pattern: /^(.+?) called (\d+) times with the same arguments (.*)$/s,
    names: ['tool', 'times', 'args'],
    numbers: ['times'],
  },
  unresponsive: {
    // `clock` is 'model' when the turn is timed by the simulated model's own time, else 'wall'.
    write: (f) =>
      `no answer from the model in ${f.ms} ms${f.clock === 'model' ? " of the model's time" : ''}`,
    pattern: /^no answer from the model in (\d+) ms( of the model's time)?$/,
    names: ['ms', 'clock'],
    numbers: ['ms'],
  },
  'critical-steps': {
    write: (f) => `the run is at ${f.now} critical steps, past ${f.factor}× its baseline of ${f.baseline}`,
    pattern: /^the run is at (\d+) critical steps, past ([\d.]+)× its baseline of ([\d.]+)$/,
    names: ['now', 'factor', 'baseline'],
    numbers: ['now', 'factor', 'baseline'],
  },
};

/** The core's English evidence of an anomaly of `kind`, from its facts. */
export function evidenceText(kind: AnomalyKind, facts: EvidenceFacts): string {
  const sentence = SENTENCES[kind];
  if (!sentence) throw new Error(`no evidence sentence for ${kind}`);
  return sentence.write(facts);
}

/** The facts of an evidence sentence this module wrote, or undefined for any other words. */
export function evidenceFacts(kind: AnomalyKind, text: string): EvidenceFacts | undefined {
  const sentence = SENTENCES[kind];
  const match = sentence?.pattern.exec(text);
  if (!sentence || !match) return undefined;
  const read: Record<string, string> = {};
  sentence.names.forEach((name, i) => {
    const raw = match[i + 1];
    read[name] = name === 'clock' ? (raw ? 'model' : 'wall') : (raw ?? '');
  });
  // Only a sentence written back the same is this module's (a tool named "x, y" stays unambiguous).
  if (sentence.write(read) !== text) return undefined;
  const facts: Record<string, string | number> = {};
  for (const [name, raw] of Object.entries(read))
    facts[name] = sentence.numbers.includes(name) ? Number(raw) : raw;
  return facts;
}
