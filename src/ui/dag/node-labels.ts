/**
 * Task names on the run graph's nodes. A node is as wide as its longest name needs, within
 * bounds, so names stay whole when the panel has room ("exercise…" twice told the reader nothing);
 * a name that still does not fit is cut so that no two nodes read alike, after a word and between
 * characters in any language (../shorten-label.ts). Pure.
 */

import { labelWidth, shortenLabel, shortenMiddle } from '../shorten-label';

/** The narrowest node (and every node's width past LABELS_UP_TO, where none has a name). */
export const NODE_WIDTH = 56;

/** Nodes up to which they carry their name and edges are curved. */
export const LABELS_UP_TO = 400;
/**
 * Width of a character (a column: a wide one, Han or kana, takes two) of the nodes' 10 px
 * sans-serif, a little generous (DejaVu Sans, digits).
 */
export const CHAR_WIDTH = 6.2;
const PADDING = 12;
/** Past this a node would crowd its layer out of the panel; longer names are cut. */
export const MAX_NODE_WIDTH = 150;

/** The node width for these names: the longest one whole, between NODE_WIDTH and MAX_NODE_WIDTH. */
export function nodeWidthFor(labels: readonly string[]): number {
  if (labels.length > LABELS_UP_TO) return NODE_WIDTH;
  const longest = labels.reduce((m, l) => Math.max(m, labelWidth(l)), 0);
  return Math.min(MAX_NODE_WIDTH, Math.max(NODE_WIDTH, Math.ceil(longest * CHAR_WIDTH + PADDING)));
}

/** How many characters (columns) fit on a node `width` wide. */
export const charsFor = (width: number) => Math.max(3, Math.floor((width - PADDING) / CHAR_WIDTH));

/**
 * Each name within `max` columns. A cut name keeps its start, up to a word's end where it can
 * ("Section 2: The…", not "Section 2: The ligh…"); when two cuts would read the same, both keep
 * their start and their end instead ("exerc…easy", "exerc…hard"), since names of one graph tend
 * to differ at the end.
 */
export function fitLabels(labels: readonly string[], max: number): string[] {
  const heads = labels.map((label) => shortenLabel(label, max));
  const seen = new Map<string, number>();
  for (const h of heads) seen.set(h, (seen.get(h) ?? 0) + 1);
  return labels.map((label, i) => {
    const head = heads[i] as string;
    if (head === label || seen.get(head) === 1) return head;
    return shortenMiddle(label, max);
  });
}
