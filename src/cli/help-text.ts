/**
 * Help text made from lists the code holds (the registry's kinds and their units), so `--help`
 * never names a kind that is gone or misses a new one. Wrapped to the width the hand-written help
 * uses, continuation lines under the flag's description.
 */

import { KIND_IDS, kindOf } from '../core/scenarios/registry';

const WIDTH = 100;

/** Words wrapped at WIDTH, every line after the first indented by `indent` spaces. */
export function wrapped(text: string, indent: number, firstColumn = indent): string {
  const lines: string[] = [];
  let line = '';
  let column = firstColumn;
  for (const word of text.split(' ')) {
    if (line !== '' && column + line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = word;
      column = indent;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines.join(`\n${' '.repeat(indent)}`);
}

/** `wide-search | deep-search | …`: every task kind, as --scenario takes them. */
export const kindChoices = (indent: number, extra: readonly string[] = [], firstColumn = indent): string =>
  wrapped([...KIND_IDS, ...extra].join(' | '), indent, firstColumn);

/** `rows (wide-search), hops (deep-search), …`: what --size counts for each kind. */
export const sizeUnits = (indent: number): string =>
  wrapped(KIND_IDS.map((k) => `${kindOf(k)?.unit} (${k})`).join(', '), indent);
