/**
 * A judge's position on a comparison, as text: one line of scores per option, the pick and the
 * ranking. The single agent, the swarm's judges and deciders and every peer write it; the grader,
 * the decider and the peers reading the board read it back. Parsing is lenient about spacing and
 * case and never throws: a line it cannot read is a missing score.
 */

import type { CompareRequest } from './options';
import { rankOf } from './options';

export interface Position {
  /** scores[o][k], or undefined where the text gave none. */
  readonly scores: readonly (readonly (number | undefined)[])[];
  /** The option picked, as an index; undefined when the text names none. */
  readonly pick: number | undefined;
  /** Option indices, best first, as the text ranks them (only the options it names). */
  readonly ranking: readonly number[];
}

/** One option's scores line: "Aster 14: price 7, battery life 4, …". */
export function scoreLine(
  r: CompareRequest,
  option: number,
  scores: readonly (number | undefined)[],
): string {
  const cells = r.criteria.map((k, i) => `${k.name} ${scores[i] ?? '?'}`);
  return `${r.options[option]}: ${cells.join(', ')}`;
}

/** The full position for these scores: pick and ranking follow from the weighted totals. */
export function formatPosition(r: CompareRequest, scores: readonly (readonly number[])[]): string {
  const ranking = rankOf(scores, r.weights);
  return [
    ...scores.map((row, o) => scoreLine(r, o, row)),
    `Pick: ${r.options[ranking[0] as number]}`,
    `Ranking: ${ranking.map((o) => r.options[o]).join(' > ')}`,
  ].join('\n');
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The option a name refers to (case and surrounding space ignored), or undefined. */
function optionIndex(r: CompareRequest, name: string): number | undefined {
  const wanted = name.trim().toLowerCase();
  const i = r.options.findIndex((o) => o.toLowerCase() === wanted);
  return i < 0 ? undefined : i;
}

export function parsePosition(r: CompareRequest, text: string): Position {
  const scores = r.options.map(() => r.criteria.map((): number | undefined => undefined));
  let pick: number | undefined;
  let ranking: number[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim().replace(/^[-*•]\s*/, '');
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const head = line.slice(0, colon).trim();
    const rest = line.slice(colon + 1);
    if (/^pick$/i.test(head)) {
      pick = optionIndex(r, rest);
      continue;
    }
    if (/^ranking$/i.test(head)) {
      ranking = rest
        .split('>')
        .map((name) => optionIndex(r, name))
        .filter((o): o is number => o !== undefined)
        .filter((o, i, all) => all.indexOf(o) === i);
      continue;
    }
    const o = optionIndex(r, head);
    if (o === undefined) continue;
    r.criteria.forEach((k, i) => {
      const m = new RegExp(`${escapeRegExp(k.name)}\\s*:?\\s*(\\d+(?:\\.\\d+)?)`, 'i').exec(rest);
      const value = m ? Number(m[1]) : Number.NaN;
      if (Number.isFinite(value) && value >= 1 && value <= 10)
        (scores[o] as (number | undefined)[])[i] = value;
    });
  }
  return { scores, pick, ranking };
}

/** The scores of a position with every cell known, or undefined when one is missing. */
export function completeScores(p: Position): number[][] | undefined {
  const rows = p.scores.map((row) => row.map((s) => s));
  return rows.every((row) => row.every((s) => s !== undefined)) ? (rows as number[][]) : undefined;
}
