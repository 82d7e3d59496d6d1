/**
 * Inputs a careless user or an attacker would send a parser: a valid document with one thing
 * changed (a value replaced by any JSON, a key dropped, a hostile key added), cut short, or with
 * random characters — control, bidi and astral ones included — put in the middle; and text that
 * has nothing to do with the format at all.
 */
import fc from 'fast-check';

type Json = unknown;

/** Every path to a value inside `value`, the root included. */
function paths(value: Json, at: (string | number)[] = []): (string | number)[][] {
  const out = [at];
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      out.push(...paths(v, [...at, i]));
    });
  } else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) out.push(...paths(v, [...at, k]));
  return out;
}

function replaceAt(
  value: Json,
  path: readonly (string | number)[],
  next: (old: Json) => Json | undefined,
): Json {
  if (path.length === 0) return next(value);
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) {
    const copy = [...value];
    const replaced = replaceAt(copy[head as number], rest, next);
    if (replaced === undefined && rest.length === 0) copy.splice(head as number, 1);
    else copy[head as number] = replaced;
    return copy;
  }
  const copy: Record<string, Json> = { ...(value as Record<string, Json>) };
  const replaced = replaceAt(copy[head as string], rest, next);
  if (replaced === undefined && rest.length === 0) delete copy[head as string];
  else copy[head as string] = replaced;
  return copy;
}

const hostileKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  '',
  'x'.repeat(5000),
  '\u202e',
  'toString',
);
const hostileValue = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom(
    1e308,
    -1e308,
    2 ** 31,
    2 ** 32 - 1,
    -0,
    0.1,
    Number.MAX_SAFE_INTEGER + 2,
    '',
    '../../etc/passwd',
    'a/b',
    '\u0000',
    '\u001b[31m',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** `old` with an own property `key` (even "__proto__", which plain assignment would not make). */
function withKey(old: Json, key: string, value: Json): Json {
  if (old === null || typeof old !== 'object' || Array.isArray(old)) return old;
  const copy: Record<string, Json> = { ...(old as Record<string, Json>) };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** A valid JSON document with one structural change. */
export function mutatedJson(valid: Json): fc.Arbitrary<Json> {
  const all = paths(valid);
  return fc.oneof(
    fc.tuple(fc.constantFrom(...all), hostileValue).map(([p, v]) => replaceAt(valid, p, () => v)),
    fc.constantFrom(...all.filter((p) => p.length > 0)).map((p) => replaceAt(valid, p, () => undefined)),
    fc
      .tuple(fc.constantFrom(...all), hostileKey, hostileValue)
      .map(([p, k, v]) => replaceAt(valid, p, (old) => withKey(old, k, v))),
  );
}

/** A valid text changed as text: cut short, characters put in, a line repeated or dropped. */
export function mutatedText(valid: string): fc.Arbitrary<string> {
  const lines = valid.split('\n');
  return fc.oneof(
    fc.nat({ max: valid.length }).map((n) => valid.slice(0, n)),
    fc
      .tuple(fc.nat({ max: valid.length }), fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }))
      .map(([at, s]) => valid.slice(0, at) + s + valid.slice(at)),
    fc
      .nat({ max: Math.max(0, lines.length - 1) })
      .map((i) => [...lines.slice(0, i + 1), ...lines.slice(i)].join('\n')),
    fc
      .nat({ max: Math.max(0, lines.length - 1) })
      .map((i) => [...lines.slice(0, i), ...lines.slice(i + 1)].join('\n')),
  );
}

/** Anything at all: random text, random JSON as text, or a valid text mutated. */
export function hostileText(valid: string): fc.Arbitrary<string> {
  let json: Json;
  try {
    json = JSON.parse(valid);
  } catch {
    json = undefined;
  }
  return fc.oneof(
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.jsonValue().map((v) => JSON.stringify(v) ?? ''),
    mutatedText(valid),
    ...(json === undefined ? [] : [mutatedJson(json).map((v) => JSON.stringify(v) ?? 'null')]),
  );
}

/** A message a person can read: a non-empty string of bounded length that is not a leaked crash. */
export function isClearMessage(message: unknown): boolean {
  return (
    typeof message === 'string' &&
    message.trim().length > 0 &&
    !/Cannot read properties|is not a function|is not iterable|Maximum call stack/.test(message)
  );
}
