/**
 * Hand-labelled requests for the router (scenarios/router/requests.jsonl): one JSON object a line,
 *
 *   {"query": "Explain photosynthesis to a 10-year-old", "label": "swarm/teach-explain", "split": "train"}
 *
 * with an optional "lang" (en, zh, ru; detected from the script when absent). The shipped files
 * are scenarios/router/requests.jsonl (English), requests-zh.jsonl and requests-ru.jsonl.
 *
 * The split is fixed in the file, not drawn at load time, so the test split stays the same
 * examples whoever trains: the classifier learns from `train` only, and `route --eval` scores
 * on `test`. Reading refuses anything else with the line it is on (from 1), as the trace
 * decoder does: a mislabelled example would teach the classifier silently.
 */

import { detectLanguage, type Language } from '../util/words';
import { type ChoiceLabel, parseChoiceLabel } from './choice';
import type { Example } from './classifier';

export const requestSplits = ['train', 'test'] as const;
export type RequestSplit = (typeof requestSplits)[number];

export interface LabelledRequest {
  readonly query: string;
  readonly label: ChoiceLabel;
  readonly split: RequestSplit;
  /** The request's language: as the file says, or detected from its script. */
  readonly lang: Language;
  /** The line of the file it came from (from 1), for messages. */
  readonly line: number;
}

export interface RequestProblem {
  readonly line: number;
  readonly message: string;
}

export type RequestsReading =
  | { ok: true; requests: readonly LabelledRequest[] }
  | { ok: false; problems: readonly RequestProblem[] };

const fields = ['query', 'label', 'split', 'lang'];
const languages: readonly Language[] = ['en', 'zh', 'ru', 'und'];

/** The request a line holds, or what is wrong with it. */
function readLine(text: string, line: number): LabelledRequest | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `not JSON: ${(error as Error).message}`;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'expected an object {"query", "label", "split"}';
  }
  const record = value as Record<string, unknown>;
  const unknown = Object.keys(record).filter((k) => !fields.includes(k));
  if (unknown.length > 0) return `unknown field "${unknown[0]}" (expected query, label, split, lang)`;
  const { query, label, split, lang } = record;
  if (typeof query !== 'string' || query.trim() === '') return '"query" must be a non-empty string';
  if (typeof label !== 'string' || parseChoiceLabel(label) === undefined) {
    return `"label" must be a topology/workflow label such as "swarm/rag-qa", got ${JSON.stringify(label)}`;
  }
  if (!(requestSplits as readonly unknown[]).includes(split)) {
    return `"split" must be "train" or "test", got ${JSON.stringify(split)}`;
  }
  if (lang !== undefined && !(languages as readonly unknown[]).includes(lang)) {
    return `"lang" must be one of ${languages.join(', ')}, got ${JSON.stringify(lang)}`;
  }
  return {
    query,
    label: label as ChoiceLabel,
    split: split as RequestSplit,
    lang: (lang as Language | undefined) ?? detectLanguage(query),
    line,
  };
}

/** Same words, whatever the case and spacing: a duplicate would leak between the splits. */
const normalized = (query: string) => query.toLowerCase().replace(/\s+/g, ' ').trim();

/** Every request of a JSONL text; blank lines are skipped. All problems are reported, in line order. */
export function parseRequests(text: string): RequestsReading {
  const requests: LabelledRequest[] = [];
  const problems: RequestProblem[] = [];
  const seen = new Map<string, number>();
  text.split('\n').forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '') return;
    const read = readLine(raw, line);
    if (typeof read === 'string') {
      problems.push({ line, message: read });
      return;
    }
    const key = normalized(read.query);
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push({ line, message: `the same query as line ${first}` });
      return;
    }
    seen.set(key, line);
    requests.push(read);
  });
  if (problems.length === 0 && requests.length === 0) {
    problems.push({
      line: 1,
      message: 'no requests: expected one {"query", "label", "split"} object a line',
    });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, requests };
}

/** The requests of one split as classifier examples. */
export const examplesOf = (requests: readonly LabelledRequest[], split: RequestSplit): Example[] =>
  requests.filter((r) => r.split === split).map((r) => ({ text: r.query, label: r.label }));
