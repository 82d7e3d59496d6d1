/**
 * What the simulated coder can still see of its own work: its notes and its run_js calls (with
 * their results, where the context strategy kept them), read from the messages of this turn only.
 * Turns a summary strategy folded into a user message are read back from that summary's lines.
 */

import { textOf } from '../../providers/content';
import type { ChatMessage } from '../../providers/types';

/** One run_js call: the function it checked (named by its first test), the code, the result text. */
export interface SeenRun {
  readonly fn: string;
  readonly code: string;
  /** Absent when the view no longer holds it; a placeholder when a strategy hid it. */
  result?: string;
}

/** One turn of the model as the view shows it. */
export interface SeenTurn {
  /** What the model wrote besides its calls: where its notes are. */
  readonly text: string;
  readonly runs: SeenRun[];
}

export type Outcome = 'pass' | 'fail';

/** A note the coder leaves after reading a result: `gcd: pass #1`, `lcm: fail #2` (its attempt). */
export const note = (fn: string, outcome: Outcome, attempt: number): string =>
  `${fn}: ${outcome} #${attempt}`;
const NOTE = /([A-Za-z_$][\w$]*): (pass|fail) #(\d+)/g;

export function notesIn(text: string): { fn: string; outcome: Outcome; attempt: number }[] {
  return [...text.matchAll(NOTE)].map((m) => ({
    fn: m[1] ?? '',
    outcome: m[2] === 'pass' ? 'pass' : 'fail',
    attempt: Number(m[3]),
  }));
}

/**
 * The running list of settled functions the coder repeats every turn, so a strategy that drops
 * old turns does not make it redo finished work: `Done: sum, mean. Gave up: lcm.`
 */
export function ledger(done: readonly string[], gaveUp: readonly string[]): string {
  return [
    done.length > 0 ? `Done: ${done.join(', ')}.` : '',
    gaveUp.length > 0 ? `Gave up: ${gaveUp.join(', ')}.` : '',
  ]
    .filter((part) => part !== '')
    .join(' ');
}

/** The names a ledger lists. A list cut short (a summary quotes only the start) has no final period and is ignored. */
export function ledgerIn(text: string): { done: string[]; gaveUp: string[] } {
  const names = (label: string): string[] =>
    [...text.matchAll(new RegExp(`${label}: ([\\w$, ]+)\\.`, 'g'))].flatMap((m) => (m[1] ?? '').split(', '));
  return { done: names('Done'), gaveUp: names('Gave up') };
}

/** The verdict of a run_js result text (registry.ts: `<p> passed, <f> failed` or `Error: …`). */
export function outcomeOf(result: string | undefined): Outcome | undefined {
  if (result === undefined) return undefined;
  const counts = /^(\d+) passed, (\d+) failed/.exec(result);
  if (counts) return Number(counts[2]) === 0 && Number(counts[1]) > 0 ? 'pass' : 'fail';
  return result.startsWith('Error') ? 'fail' : undefined;
}

/** The model's turns, oldest first. The system prompt and the task (the first user message) are skipped. */
export function readTurns(messages: readonly ChatMessage[]): SeenTurn[] {
  const turns: SeenTurn[] = [];
  const byCall = new Map<string, SeenRun>();
  let taskSeen = false;
  for (const message of messages) {
    if (message.role === 'system') continue;
    if (message.role === 'user') {
      if (taskSeen) turns.push(...readSummary(textOf(message.content)));
      taskSeen = true;
    } else if (message.role === 'assistant') {
      const runs: SeenRun[] = [];
      for (const call of message.tool_calls ?? []) {
        if (call.function.name !== 'run_js') continue;
        const run = runOf(parseJson(call.function.arguments));
        if (!run) continue;
        runs.push(run);
        byCall.set(call.id, run);
      }
      turns.push({ text: message.content ?? '', runs });
    } else {
      const run = byCall.get(message.tool_call_id);
      if (run) run.result = message.content;
    }
  }
  return turns;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function runOf(args: unknown): SeenRun | undefined {
  if (typeof args !== 'object' || args === null) return undefined;
  const { code, tests } = args as { code?: unknown; tests?: unknown };
  const first: unknown = Array.isArray(tests) ? tests[0] : undefined;
  const call = typeof first === 'object' && first !== null ? (first as { call?: unknown }).call : undefined;
  const fn = typeof call === 'string' ? /^\s*([A-Za-z_$][\w$]*)\s*\(/.exec(call)?.[1] : undefined;
  return typeof code === 'string' && fn ? { fn, code } : undefined;
}

/**
 * Turns folded by the summary strategy (context/summary.ts), one line each:
 * `- turn 3: wrote "…"; run_js({"code":…}) → "3 passed, 0 failed PASS …"`. Quotes and arguments are
 * JSON, read with a JSON-aware scan since code holds `; ` too. A line that stops parsing keeps what
 * was read so far; any other user message yields no turn.
 */
function readSummary(text: string): SeenTurn[] {
  const turns: SeenTurn[] = [];
  for (const line of text.split('\n')) {
    const head = /^- turn \d+: /.exec(line);
    if (!head) continue;
    let at = head[0].length;
    const notes: string[] = [];
    const runs: SeenRun[] = [];
    while (at < line.length) {
      const wrote = line.startsWith('wrote ', at);
      const call = wrote ? undefined : /^([\w$.-]+)\(/.exec(line.slice(at));
      let next: number | undefined;
      if (wrote) {
        next = jsonEnd(line, at + 6);
        const quoted = next === undefined ? undefined : parseJson(line.slice(at + 6, next));
        if (typeof quoted === 'string') notes.push(quoted);
      } else if (call) {
        const argsAt = at + call[0].length;
        const argsEnd = jsonEnd(line, argsAt);
        const arrow = ') → ';
        if (argsEnd === undefined || !line.startsWith(arrow, argsEnd)) break;
        next = jsonEnd(line, argsEnd + arrow.length);
        const run = call[1] === 'run_js' ? runOf(parseJson(line.slice(argsAt, argsEnd))) : undefined;
        const result = next === undefined ? undefined : parseJson(line.slice(argsEnd + arrow.length, next));
        if (run) runs.push(typeof result === 'string' ? { ...run, result } : run);
      }
      if (next === undefined || !line.startsWith('; ', next)) break;
      at = next + 2;
    }
    turns.push({ text: notes.join(' '), runs });
  }
  return turns;
}

/** The end (exclusive) of the JSON string, object or array starting at `start`, if it closes. */
function jsonEnd(text: string, start: number): number | undefined {
  const open = text[start];
  if (open !== '"' && open !== '{' && open !== '[') return undefined;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') {
        inString = false;
        if (depth === 0) return i + 1;
      }
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return undefined;
}
