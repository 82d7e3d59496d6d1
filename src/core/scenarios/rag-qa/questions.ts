/**
 * The questions `rag-qa` asks about its notes: one per (entity kind, attribute), each with the
 * way a user asks it, the reference answer a grader compares against, and the pattern a reader
 * uses to find the fact in the entity's paragraph (src/core/world/generate.ts, `describe`).
 * These are the English ones; texts-zh.ts and texts-ru.ts hold the same askings, by the same ids
 * and in the same order, in their languages (texts.ts).
 */

import type { Entity, EntityKind } from '../../world/types';

export interface Asking {
  readonly kind: EntityKind;
  /** Names what is asked: the descriptor carries it, so the simulated reader knows what to look for. */
  readonly id: string;
  ask(name: string): string;
  reference(name: string, value: string): string;
  /** The value in an entity's paragraph: group 1. */
  readonly pattern: RegExp;
  /** The gold value of an entity, from the world (links by name). */
  value(e: Entity, nameOf: (id: string | undefined) => string): string;
}

export const ASKINGS: readonly Asking[] = [
  {
    kind: 'city',
    id: 'city-founded',
    ask: (n) => `When was ${n} founded?`,
    reference: (n, v) => `${n} was founded in ${v}.`,
    pattern: /It was founded in (\d+)/,
    value: (e) => String(e.attrs.founded),
  },
  {
    kind: 'city',
    id: 'city-population',
    ask: (n) => `How many people live in ${n}?`,
    reference: (n, v) => `The population of ${n} is ${v}.`,
    pattern: /Its population is (\d+)/,
    value: (e) => String(e.attrs.population),
  },
  {
    kind: 'company',
    id: 'company-employees',
    ask: (n) => `How many employees does ${n} have?`,
    reference: (n, v) => `${n} has ${v} employees.`,
    pattern: /has (\d+) employees/,
    value: (e) => String(e.attrs.employees),
  },
  {
    kind: 'company',
    id: 'company-founder',
    ask: (n) => `Who founded ${n}?`,
    reference: (n, v) => `${n} was founded by ${v}.`,
    pattern: /founded in \d+ by ([^.]+)\./,
    value: (e, nameOf) => nameOf(e.links.founder),
  },
  {
    kind: 'person',
    id: 'person-born',
    ask: (n) => `In what year was ${n} born?`,
    reference: (n, v) => `${n} was born in ${v}.`,
    pattern: /\(born (\d+)\)/,
    value: (e) => String(e.attrs.born),
  },
  {
    kind: 'person',
    id: 'person-from',
    ask: (n) => `Where does ${n} come from?`,
    reference: (n, v) => `${n} comes from ${v}.`,
    pattern: / from ([^.]+)\./,
    value: (e, nameOf) => nameOf(e.links.birthplace),
  },
  {
    kind: 'country',
    id: 'country-currency',
    ask: (n) => `What currency is used in ${n}?`,
    reference: (n, v) => `The currency of ${n} is the ${v}.`,
    pattern: /The currency is the ([^.]+)\./,
    value: (e) => String(e.attrs.currency),
  },
  {
    kind: 'country',
    id: 'country-capital',
    ask: (n) => `What is the capital of ${n}?`,
    reference: (n, v) => `The capital of ${n} is ${v}.`,
    pattern: /Its capital is ([^.]+)\./,
    value: (e, nameOf) => nameOf(e.links.capital),
  },
];
