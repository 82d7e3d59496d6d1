/**
 * The kinds of value a link's setting holds, each read with a parser that says in words what was
 * wrong (link-table.ts gives each setting its own), and how a message quotes what the link said.
 */

import { shown } from '../core/request/run-request';
import { type Said, words } from './i18n/words';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: Said };

export function oneOf<T extends string>(options: readonly T[], blank = false) {
  return (text: string): Parsed<T> =>
    (options as readonly string[]).includes(text) || (blank && text === '')
      ? { ok: true, value: text as T }
      : { ok: false, error: words('link.notOneOf', { value: quoted(text), options: options.join(', ') }) };
}

export function integer(min: number, max: number) {
  return (text: string): Parsed<number> => {
    if (!/^-?\d+$/.test(text)) return { ok: false, error: words('link.notWhole', { value: quoted(text) }) };
    const value = Number(text);
    return value >= min && value <= max
      ? { ok: true, value }
      : {
          ok: false,
          error: words('link.outOfRange', { value: String(value), min: String(min), max: String(max) }),
        };
  };
}

export const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const FIELD = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
export const MODEL = /^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,159}$/;

export function modelName(text: string): Parsed<string> {
  return text === '' || MODEL.test(text)
    ? { ok: true, value: text }
    : { ok: false, error: words('link.notModel', { value: quoted(text) }) };
}

/** A role as the Router's plans name one (core/router/plan.ts). */
export const ROLE = /^[\p{L}\p{N}][\p{L}\p{N} _-]{0,59}$/u;

/**
 * A value from the link, as a message quotes it: a link can carry anything, so it is cut to 40
 * characters and control and bidirectional characters show as "?" (a right-to-left override would
 * otherwise turn the rest of the message around).
 */
export const quoted = (value: string): string => shown(value);
