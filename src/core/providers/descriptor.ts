/**
 * What a model provider declares about itself, in one place (its folder's provider.ts under
 * src/providers/, named once in src/providers/registry.ts): its id, the fields a run request's
 * `provider` object takes for it, the CLI flags and page inputs those fields are set by, and the
 * origins the page must be allowed to connect to for it. Everything here is data and pure checks:
 * the factories that make a provider on a host are the folder's node.ts and browser.ts, found by
 * the folder's name (docs/models.md, "Adding a provider").
 */

import * as v from 'valibot';

/** A field of a provider's request object, declared once: its check, its flag, its page input. */
export interface ProviderField {
  /** `url`: an http(s) URL; `model`: a model name; `text`: free text; `whole`: a whole number. */
  readonly type: 'url' | 'model' | 'text' | 'whole';
  /** The page's label for its input. */
  readonly label: string;
  /** What the field means, as the CLI's help and the page's hint say it. */
  readonly help: string;
  /** The CLI flag that sets it (`--endpoint`): the field's own name when absent. */
  readonly flag?: string;
  /** The flag's value in the help (`URL`, `NAME`, `N`, `TEXT`). */
  readonly value?: string;
  /** The key the page's link keeps it under: `pf` (every provider's own fields) when absent. */
  readonly link?: string;
  /** `whole` only: the bounds. */
  readonly min?: number;
  readonly max?: number;
  /** `text` only: the longest accepted. @default 500 */
  readonly maxLength?: number;
}

export interface ProviderDescriptor {
  /** `provider.kind` in a request, the trace header's provider, the folder's name. */
  readonly id: string;
  /** The page's picker says this. */
  readonly label: string;
  /** One line on what it is, for the CLI's help and docs. */
  readonly about: string;
  /** The request's `provider` fields besides `kind`. */
  readonly fields: Readonly<Record<string, ProviderField>>;
  /**
   * The hosts it has a factory for: `node` (its folder's node.ts: the CLI, the API in Node) and
   * `browser` (its browser.ts: the page). The simulated model is every run's own and has none.
   */
  readonly hosts: readonly ('node' | 'browser')[];
  /** What the page's Content-Security-Policy must let it connect to (`connect-src` sources). */
  readonly connect: readonly string[];
  /**
   * Whether its models can see images (src/core/vision/can-see.ts): `always` (every model it
   * offers), `models` (only those listed in `seeing`), `stated` (the user says so, since we cannot
   * ask the server). Absent: none of its models can.
   */
  readonly sight?: ProviderSight;
}

export type ProviderSight =
  | { readonly kind: 'always' }
  | { readonly kind: 'models'; readonly seeing: readonly string[] }
  | { readonly kind: 'stated' };

const MODEL = /^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,159}$/;

/** The check of one field, its messages naming `provider.NAME`. */
function fieldSchema(name: string, field: ProviderField) {
  const at = `provider.${name}`;
  switch (field.type) {
    case 'url':
      return v.pipe(
        v.string(`${at} must be an http(s) URL`),
        v.maxLength(500, `${at} is longer than 500 characters`),
        // A pattern, not URL: core has no host APIs (src/core/tsconfig.json); the provider parses it again.
        v.regex(/^https?:\/\/[^\s/?#]+(?::\d+)?(?:[/?#]\S*)?$/i, `${at} must be an http(s) URL`),
      );
    case 'model':
      return v.pipe(v.string(`${at} must be a model name`), v.regex(MODEL, `${at} must be a model name`));
    case 'text': {
      const most = field.maxLength ?? 500;
      return v.pipe(
        v.string(`${at} must be text`),
        v.maxLength(most, `${at} is longer than ${most.toLocaleString('en')} characters`),
        // Control characters would reach a terminal or a log as they are.
        v.check((t) => !/[\p{Cc}]/u.test(t.replace(/\n/g, '')), `${at} has control characters`),
      );
    }
    case 'whole': {
      const min = field.min ?? 0;
      const max = field.max ?? 1_000_000;
      return v.pipe(
        v.number(`${at} must be a whole number`),
        v.integer(`${at} must be a whole number`),
        v.minValue(min, `${at} must be ${min} or more`),
        v.maxValue(max, `${at} must be at most ${max}`),
      );
    }
  }
}

/** A field that would carry a secret: refused by name, whichever provider is asked. */
const KEY_FIELD = /^(api[-_]?key|key|token|secret|password|authorization|bearer)$/i;

/** Why an unknown field of `provider` is refused: a key, another provider's field, or unknown. */
function unknownField(
  descriptor: ProviderDescriptor,
  all: readonly ProviderDescriptor[],
  name: string,
): string {
  if (KEY_FIELD.test(name))
    return `provider.${name}: a key is never part of a run request (a request or a trace would hold it); the CLI and the API read it from SWARM_API_KEY, the page from its key store`;
  const owners = all.filter((d) => d.id !== descriptor.id && Object.hasOwn(d.fields, name)).map((d) => d.id);
  const own = Object.keys(descriptor.fields);
  const takes = own.length > 0 ? `it takes ${own.join(', ')}` : 'it takes no field but kind';
  return owners.length > 0
    ? `provider.${name} is a field of ${owners.join(', ')}, not of ${descriptor.id} (${takes})`
    : `provider: unknown field "${name}" for ${descriptor.id} (${takes})`;
}

/**
 * A run request's `provider` object, checked against the registered providers: `kind` one of
 * theirs, then that provider's own fields only, each refusal naming the field.
 */
export function providerSchema(all: readonly ProviderDescriptor[]) {
  const ids = all.map((d) => d.id);
  const options = all.map((d) =>
    v.strictObject(
      {
        kind: v.literal(d.id),
        ...Object.fromEntries(
          Object.entries(d.fields).map(([name, field]) => [name, v.optional(fieldSchema(name, field))]),
        ),
      },
      (issue) =>
        issue.expected === 'never' ? unknownField(d, all, String(issue.input)) : 'provider must be an object',
    ),
  );
  return v.variant('kind', options as unknown as [(typeof options)[number], ...typeof options], (issue) =>
    issue.expected === 'Object'
      ? 'provider must be an object'
      : issue.input === undefined
        ? 'provider.kind is required'
        : `provider.kind must be one of ${ids.join(', ')}, not ${quoted(issue.input)}`,
  );
}

/** A value from outside as a message quotes it: cut, control and bidirectional characters as "?". */
function quoted(value: unknown): string {
  if (typeof value !== 'string') return JSON.stringify(value) ?? String(value);
  const printable = value.replace(/[\p{Cc}\p{Cf}]/gu, '?');
  return `"${printable.length > 40 ? `${printable.slice(0, 37)}…` : printable}"`;
}

/** The provider `kind` names, or undefined when no provider has that id. */
export const descriptorOf = (
  all: readonly ProviderDescriptor[],
  kind: string,
): ProviderDescriptor | undefined => all.find((d) => d.id === kind);
