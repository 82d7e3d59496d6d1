/**
 * The simulated coder. Each turn it reads what it can still see of its work (transcript.ts),
 * notes the results of its last checks, and writes the next functions: the reference, or with
 * chance `errorRate` one of the library's mutants. It checks each with run_js against the visible
 * tests, rewrites one that fails (drawing again) up to MAX_ATTEMPTS times, and answers with all
 * the code once every function is settled. It repeats a list of settled functions every turn, as
 * a careful model would; code the context strategy dropped it writes again when it needs it
 * (drawing again, unchecked), and a reset that drops the list too makes it start over.
 *
 * Cost of one function: one step per attempt (the turn that writes and checks it; reading its
 * result happens in the turn that writes the next one), plus one step per task for the answer.
 */

import type { Player, PlayerInput, PlayerMove } from '../../providers/player';
import { fence, joinCode, ownCode } from './code';
import { dependencyClosure, type LibraryFunction, libraryFunction, mutantSource } from './library';
import { CODING_KIND } from './plan';
import { ledger, ledgerIn, note, notesIn, type Outcome, outcomeOf, readTurns } from './transcript';

/** Attempts at one function before the coder keeps its last version and moves on. */
export const MAX_ATTEMPTS = 3;

interface Task {
  readonly functions: readonly LibraryFunction[];
  readonly given: string;
}

interface Progress {
  /** The latest code seen for each function (its own declaration only). */
  readonly code: Map<string, string>;
  /** Functions known to pass their visible tests. */
  readonly passed: Set<string>;
  /** Failed attempts per function, as far as the notes still show. */
  readonly fails: Map<string, number>;
  /** Results of the last turn's checks, not noted yet. */
  readonly fresh: { fn: string; outcome: Outcome; attempt: number }[];
}

export function playCoding(input: PlayerInput): PlayerMove {
  const task = readTask(input.descriptor);
  if (!task) return { content: 'I cannot tell which functions this task asks for.', calls: [] };
  const progress = readProgress(input.messages);
  const names = new Set(task.functions.map((f) => f.name));
  const fails = (name: string): number => progress.fails.get(name) ?? 0;
  const passed = (name: string): boolean => progress.passed.has(name);
  const settled = (name: string): boolean => passed(name) || fails(name) >= MAX_ATTEMPTS;

  const notes = progress.fresh.map((f) => `${note(f.fn, f.outcome, f.attempt)}.`);
  for (const f of progress.fresh) {
    if (f.outcome === 'fail' && f.attempt >= MAX_ATTEMPTS) {
      notes.push(`Giving up on ${f.fn} after ${f.attempt} attempts; keeping its last version.`);
    }
  }
  const draw = (fn: LibraryFunction): string =>
    fn.mutants.length > 0 && input.rng.next() < input.errorRate
      ? mutantSource(fn, input.rng.int(0, fn.mutants.length - 1))
      : fn.reference;
  // What it checked, as it still sees it; what it no longer sees it writes again.
  const codeOf = (fn: LibraryFunction): string => progress.code.get(fn.name) ?? draw(fn);

  if (!input.tools.includes('run_js')) {
    // Nothing to check with: write every function once and hand it in.
    const code = task.functions.map(codeOf);
    return answer([...notes, 'I cannot run code here, so these are unchecked.'], [task.given, ...code]);
  }

  const pending = task.functions.filter((fn) => !settled(fn.name));
  // A function waits until what it builds on within this task is settled, so it can call it.
  const ready = pending.filter((fn) => (fn.uses ?? []).every((dep) => !names.has(dep) || settled(dep)));
  if (ready.length === 0) {
    const code = task.functions.map(codeOf);
    return answer([...notes, 'All functions are written and checked.'], [task.given, ...code]);
  }
  const batch = ready.slice(0, Math.max(1, Math.floor(input.callsPerTurn) || 1));
  const calls = batch.map((fn) => {
    const deps = task.functions.filter((f) => dependencyClosure(fn.name).includes(f.name)).map(codeOf);
    return {
      name: 'run_js',
      args: { code: joinCode([task.given, ...deps, draw(fn)]), tests: fn.visible },
    };
  });
  const writing = batch.map((fn) => `${fn.name} (attempt ${fails(fn.name) + 1})`).join(', ');
  const done = task.functions.filter((f) => passed(f.name)).map((f) => f.name);
  const gaveUp = task.functions.filter((f) => settled(f.name) && !passed(f.name)).map((f) => f.name);
  // Notes first: a summary quotes only the start of what a turn wrote.
  const content = [...notes, `Writing ${writing}.`, ledger(done, gaveUp)].filter((p) => p !== '');
  return { content: content.join(' '), calls };
}

const answer = (notes: readonly string[], code: readonly string[]): PlayerMove => ({
  content: `${notes.join(' ')}\n\n${fence(joinCode(code))}`,
  calls: [],
});

/** The descriptor as plan.ts builds it; unknown function names are left out. */
function readTask(descriptor: unknown): Task | undefined {
  if (typeof descriptor !== 'object' || descriptor === null) return undefined;
  const d = descriptor as { kind?: unknown; functions?: unknown; given?: unknown };
  if (d.kind !== CODING_KIND || !Array.isArray(d.functions)) return undefined;
  const functions = d.functions.flatMap((name) =>
    typeof name === 'string' ? (libraryFunction(name) ?? []) : [],
  );
  if (functions.length === 0) return undefined;
  return { functions, given: typeof d.given === 'string' ? d.given : '' };
}

/**
 * What the visible turns tell: the ledgers and notes (each fail note carries its attempt number,
 * so the latest one visible is enough), the latest code of each function, and the results of
 * the last turn's checks, which no note covers yet.
 */
function readProgress(messages: PlayerInput['messages']): Progress {
  const progress: Progress = { code: new Map(), passed: new Set(), fails: new Map(), fresh: [] };
  const failed = (fn: string, attempt: number): void => {
    progress.fails.set(fn, Math.max(progress.fails.get(fn) ?? 0, attempt));
  };
  const turns = readTurns(messages);
  for (const turn of turns) {
    const list = ledgerIn(turn.text);
    for (const fn of list.done) progress.passed.add(fn);
    for (const fn of list.gaveUp) failed(fn, MAX_ATTEMPTS);
    for (const n of notesIn(turn.text)) {
      if (n.outcome === 'pass') progress.passed.add(n.fn);
      else failed(n.fn, n.attempt);
    }
    for (const run of turn.runs) progress.code.set(run.fn, ownCode(run.code, run.fn));
  }
  for (const run of turns.at(-1)?.runs ?? []) {
    const outcome = outcomeOf(run.result);
    if (!outcome) continue;
    const attempt = (progress.fails.get(run.fn) ?? 0) + 1;
    if (outcome === 'pass') progress.passed.add(run.fn);
    else failed(run.fn, attempt);
    progress.fresh.push({ fn: run.fn, outcome, attempt });
  }
  return progress;
}

/** This kind's players by descriptor kind: what its `players()` loads (players.ts). */
export const players: Readonly<Record<string, Player>> = { [CODING_KIND]: playCoding };
