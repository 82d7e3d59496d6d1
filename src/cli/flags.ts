/**
 * A command's flags, declared once (issue 42): name, type, range or choices, default, help, and
 * when a flag does not apply to what was asked. Parsing (over node:util's parseArgs, which knows
 * the syntax), `--help` and the flag lists in docs/cli.md are all made from the table, so they
 * cannot drift apart (tests/cli/flags-doc.test.ts regenerates the doc's lists and compares).
 *
 * Why not a library (commander, yargs, citty, clipanion): each parses flags well, but none makes
 * this project's docs table, none refuses a flag that does not apply to the mode asked with our
 * reason, and the messages must stay the ones the API and the page give. parseArgs does the
 * syntax; this table does the rest in about 150 lines (docs/development.md).
 */

import { parseArgs } from 'node:util';
import { UsageError } from './errors';

export type FlagValue = string | number | boolean | readonly string[] | undefined;

export interface Flag {
  readonly name: string;
  /** `string`, a whole number within `min`…`max`, one of `choices`, or a switch. */
  readonly type: 'string' | 'whole' | 'choice' | 'boolean';
  /** What the value is called in help: `N`, `FILE`, `ID`. */
  readonly value?: string;
  readonly help: string;
  readonly default?: string | number | boolean;
  readonly min?: number;
  readonly max?: number;
  readonly choices?: readonly string[];
  readonly required?: boolean;
  /** A string flag that may be given more than once (`--label A --label B`): its value is a list. */
  readonly multiple?: boolean;
  /**
   * Why this flag does not apply to what was asked (the other flags' values), or undefined when
   * it does: a flag that would be ignored is refused instead, with this reason.
   */
  readonly appliesUnless?: (values: Readonly<Record<string, FlagValue>>) => string | undefined;
}

export interface CommandTable<Fs extends readonly Flag[] = readonly Flag[]> {
  readonly name: string;
  /** The usage lines, each after `swarm `. */
  readonly usage: readonly string[];
  /** What the command does, as the help's paragraph. */
  readonly about: string;
  readonly flags: Fs;
  /** Words after the command that are not flags (a query, a subcommand), when it takes any. */
  readonly positionals?: { readonly name: string; readonly help: string };
}

/** The type a flag's value has once parsed: what its `type`, `choices` and `multiple` say. */
type ParsedValue<F extends Flag> = F extends { readonly type: 'boolean' }
  ? boolean
  : F extends { readonly type: 'whole' }
    ? number
    : F extends { readonly type: 'choice'; readonly choices: readonly (infer C extends string)[] }
      ? C
      : F extends { readonly multiple: true }
        ? readonly string[]
        : string;

/** A flag that is required or has a default always has a value; any other may be absent. */
type ValueOf<F extends Flag> = F extends
  | { readonly required: true }
  | { readonly default: string | number | boolean }
  ? ParsedValue<F>
  : ParsedValue<F> | undefined;

/**
 * The parsed values of a table declared with `defineCommand`, typed by each flag's name: a command
 * reads `flags.seed` as a number, never through a cast that could name the wrong type. A flag
 * whose name is only known as `string` (a table built from a list at run time) gives FlagValue.
 */
export type FlagValues<Fs extends readonly Flag[]> = {
  readonly [F in Fs[number] as F['name']]: string extends F['name'] ? FlagValue : ValueOf<F>;
};

/**
 * A command table whose flags keep their literal names and types (a `const` type parameter), so
 * parseFlags can type what it returns. Changes nothing at run time.
 */
export function defineCommand<const Fs extends readonly Flag[]>(table: CommandTable<Fs>): CommandTable<Fs> {
  return table;
}

const WIDTH = 100;

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}

const label = (flag: Flag): string => (flag.multiple ? `${single(flag)} …` : single(flag));

const single = (flag: Flag): string =>
  `--${flag.name}${flag.type === 'boolean' ? '' : ` ${flag.value ?? (flag.type === 'choice' ? (flag.choices ?? []).join('|') : 'VALUE')}`}`;

/** A flag's help with its range, choices and default, as one sentence list. */
function described(flag: Flag): string {
  const parts = [flag.help];
  if (flag.type === 'whole' && (flag.min !== undefined || flag.max !== undefined))
    parts.push(`(${flag.min ?? 0}–${flag.max ?? '∞'})`);
  if (flag.default !== undefined && flag.type !== 'boolean') parts.push(`(default ${flag.default})`);
  if (flag.type === 'choice' && flag.value !== undefined) parts.push(`(${(flag.choices ?? []).join(' | ')})`);
  if (flag.required) parts.push('(required)');
  return parts.join(' ');
}

/** `swarm <command> --help`. */
export function helpText(table: CommandTable): string {
  const column = Math.min(28, Math.max(...table.flags.map((f) => label(f).length)) + 4);
  const flagLines = table.flags.flatMap((flag) => {
    const text = wrap(described(flag), WIDTH - column);
    const name = `  ${label(flag)}`;
    // A label too long for the column gets a line of its own, its text under the others'.
    const first =
      name.length < column
        ? [`${name.padEnd(column)}${text[0] ?? ''}`]
        : [name, `${' '.repeat(column)}${text[0] ?? ''}`];
    return [...first, ...text.slice(1).map((line) => `${' '.repeat(column)}${line}`)];
  });
  return [
    ...table.usage.map((u, i) => `${i === 0 ? 'swarm ' : '      '}${u}`),
    '',
    ...wrap(table.about, WIDTH),
    '',
    ...(table.positionals
      ? wrap(`${table.positionals.name}: ${table.positionals.help}`, WIDTH - 2).map((l) => `  ${l}`)
      : []),
    ...flagLines,
  ].join('\n');
}

/** The flags as a Markdown table, for docs/cli.md. */
export function flagsMarkdown(table: CommandTable): string {
  // Markdown reads `<policy>` as a tag and `|` as a cell's end.
  const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  return [
    '| flag | what it sets |',
    '|---|---|',
    ...table.flags.map((flag) => `| \`${cell(label(flag))}\` | ${cell(described(flag))} |`),
  ].join('\n');
}

/**
 * The values of `argv` by flag name, each checked against its type and range, defaults filled in:
 * an unknown flag, a bad value, a missing required one and a flag that does not apply are refused
 * with a UsageError naming the flag.
 */
export function parseFlags<Fs extends readonly Flag[]>(
  table: CommandTable<Fs>,
  argv: readonly string[],
): FlagValues<Fs> {
  return parseCommand(table, argv).values;
}

/** The flags' values, as parseFlags gives them, and the words that are not flags (`positionals`). */
export function parseCommand<Fs extends readonly Flag[]>(
  table: CommandTable<Fs>,
  argv: readonly string[],
): { values: FlagValues<Fs>; positionals: string[] } {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: table.positionals !== undefined,
      options: Object.fromEntries(
        table.flags.map(
          (f) =>
            [
              f.name,
              {
                type: f.type === 'boolean' ? 'boolean' : 'string',
                ...(f.multiple ? { multiple: true } : {}),
              },
            ] as const,
        ),
      ),
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const given = parsed.values as Record<string, string | boolean | string[] | undefined>;
  const values: Record<string, FlagValue> = {};
  for (const flag of table.flags) {
    const raw = given[flag.name];
    if (raw === undefined) {
      if (flag.required)
        throw new UsageError(`--${flag.name} ${flag.value ?? ''} is required`.replace(/ +is/, ' is'));
      values[flag.name] = flag.default;
      continue;
    }
    values[flag.name] = checkedValue(flag, raw);
  }
  for (const flag of table.flags) {
    if (given[flag.name] === undefined) continue;
    const reason = flag.appliesUnless?.(values);
    if (reason !== undefined) throw new UsageError(`--${flag.name} does not apply: ${reason}`);
  }
  // The checks above give each flag the type FlagValues names: checkedValue by `type` and
  // `choices`, required and default filled in. This is the one place the table's types meet values.
  return { values: values as FlagValues<Fs>, positionals: parsed.positionals };
}

function checkedValue(flag: Flag, raw: string | boolean | string[]): FlagValue {
  if (flag.type === 'boolean' || typeof raw === 'boolean') return raw;
  if (Array.isArray(raw)) return raw;
  const shown = raw.length > 40 ? `${raw.slice(0, 40)}…` : raw;
  if (flag.type === 'whole') {
    const value = Number(raw);
    const min = flag.min ?? 0;
    const max = flag.max ?? Number.MAX_SAFE_INTEGER;
    if (!Number.isSafeInteger(value) || value < min || value > max || raw.trim() === '') {
      const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max}`;
      throw new UsageError(`--${flag.name} must be a whole number ${range}, got "${shown}"`);
    }
    return value;
  }
  if (flag.type === 'choice' && !(flag.choices ?? []).includes(raw))
    throw new UsageError(`--${flag.name} must be one of ${(flag.choices ?? []).join(', ')}, got "${shown}"`);
  return raw;
}
