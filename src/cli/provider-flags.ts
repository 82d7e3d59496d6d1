/**
 * The CLI's `--provider KIND` and each provider's own flags, derived from the provider registry
 * (src/providers/registry.ts): every provider with a Node factory, each field its provider.ts
 * declares as the flag it names. A flag of another provider than the one asked is refused with
 * the provider it belongs to, as any flag that would be ignored is (flags.ts).
 */

import type { ProviderField } from '../core/providers/descriptor';
import type { ProviderRequest } from '../core/request/run-request';
import { SIMULATED } from '../core/trace/simulated-id';
import { providersOn } from '../providers/registry';
import type { Flag, FlagValue } from './flags';

type Values = Readonly<Record<string, FlagValue>>;

/** The providers the CLI runs: the simulated model, and every one with a Node factory. */
export const CLI_PROVIDERS: readonly string[] = [SIMULATED, ...providersOn('node').map((p) => p.id)];

interface FieldFlag {
  readonly flag: string;
  /** The providers whose field it sets, with the field's name in each. */
  readonly owners: readonly {
    readonly provider: string;
    readonly field: string;
    readonly spec: ProviderField;
  }[];
}

/** Each provider field's flag; a flag two providers declare (`--model`) sets each one's field. */
function fieldFlags(): FieldFlag[] {
  const byFlag = new Map<string, FieldFlag['owners'][number][]>();
  for (const p of providersOn('node'))
    for (const [field, spec] of Object.entries(p.fields)) {
      const flag = spec.flag ?? field;
      byFlag.set(flag, [...(byFlag.get(flag) ?? []), { provider: p.id, field, spec }]);
    }
  return [...byFlag].map(([flag, owners]) => ({ flag, owners }));
}

/** How a command says what `--provider` is for, and whether it has a default. */
export interface ProviderFlagWords {
  /** The help's head: who answers, in the command's words. @default "who answers for the agents" */
  readonly who?: string;
  /** Without a default, a command can tell `--provider` not given from `simulated` (fork). */
  readonly noDefault?: boolean;
}

/** `--provider` and the providers' own flags; `unless` says why none applies (a request file). */
export function providerFlags(
  unless: (values: Values) => string | undefined,
  words: ProviderFlagWords = {},
): Flag[] {
  const about = providersOn('node')
    .map((p) => `${p.id}: ${p.about}`)
    .join('; ');
  return [
    {
      name: 'provider',
      type: 'choice',
      value: 'KIND',
      choices: CLI_PROVIDERS,
      ...(words.noDefault ? {} : { default: SIMULATED }),
      help: `${words.who ?? 'who answers for the agents'}: the seeded simulated model${about ? `, or ${about}` : ''}`,
      appliesUnless: unless,
    },
    ...fieldFlags().map(({ flag, owners }): Flag => {
      const first = owners[0]?.spec as ProviderField;
      const names = owners.map((o) => o.provider);
      return {
        name: flag,
        type: first.type === 'whole' ? 'whole' : 'string',
        value: first.value ?? (first.type === 'whole' ? 'N' : 'TEXT'),
        ...(first.type === 'whole' ? { min: first.min ?? 0, max: first.max ?? 1_000_000 } : {}),
        help: `with --provider ${names.join(' or ')}: ${first.help}`,
        appliesUnless: (values) =>
          unless(values) ??
          (names.includes(String(values.provider ?? SIMULATED))
            ? undefined
            : `it is a field of the ${names.join(' or ')} provider: give --provider ${names[0]}`),
      };
    }),
  ];
}

/** The request's `provider` the flags say, or undefined for the simulated model. */
export function providerOfFlags(values: Values): ProviderRequest | undefined {
  const kind = String(values.provider ?? SIMULATED);
  if (kind === SIMULATED) return undefined;
  const out: Record<string, unknown> = { kind };
  for (const { flag, owners } of fieldFlags()) {
    const own = owners.find((o) => o.provider === kind);
    if (own && values[flag] !== undefined) out[own.field] = values[flag];
  }
  return out as ProviderRequest;
}

/** The flag a refused `provider.FIELD` is set by, as a message names it (`--endpoint`). */
export function flagOfField(field: string, values: Values): string {
  const [head, name] = field.split('.');
  if (head !== 'provider' || name === undefined || name === 'kind') return `--${head}`;
  const kind = String(values.provider ?? SIMULATED);
  const own = fieldFlags().find((f) => f.owners.some((o) => o.provider === kind && o.field === name));
  return own ? `--${own.flag}` : '--provider';
}

/** Why a flag of every real provider (bench's `--tools`) does not apply: the simulated model asked. */
export const needsRealProvider = (values: Values): string | undefined =>
  String(values.provider ?? SIMULATED) === SIMULATED
    ? `it needs a real model's provider (--provider ${providersOn('node')
        .map((p) => p.id)
        .join(' | ')}): the simulated one calls no server`
    : undefined;

/** The providers the CLI runs and the flags each needs, in words: "simulated, or openai with --endpoint URL". */
export function providerChoicesWords(): string {
  const real = providersOn('node').map((p) => {
    const first = Object.entries(p.fields)[0];
    return first ? `${p.id} with --${first[1].flag ?? first[0]} ${first[1].value ?? 'TEXT'}` : p.id;
  });
  return [SIMULATED, ...real].join(', or ');
}
