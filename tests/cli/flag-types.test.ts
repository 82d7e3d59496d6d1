/**
 * A table declared with defineCommand gives parseFlags values typed by each flag (issue 60 item 3):
 * a command reads `flags.seed` as a number, a choice as its union, an optional flag as possibly
 * undefined, with no cast that could name the wrong type. The type assertions are checked by
 * `npm run typecheck` (part of `npm test`); the run-time ones that the values are what the types say.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { defineCommand, parseFlags } from '../../src/cli/flags';

const table = defineCommand({
  name: 'demo',
  usage: ['demo'],
  about: 'A table for the types.',
  flags: [
    { name: 'seed', type: 'whole', value: 'N', default: 1, help: 'seed' },
    { name: 'graph', type: 'string', value: 'FILE', required: true, help: 'graph' },
    { name: 'trace', type: 'string', value: 'FILE', help: 'trace' },
    { name: 'join', type: 'choice', choices: ['async', 'sync'], default: 'async', help: 'join' },
    { name: 'label', type: 'string', multiple: true, help: 'labels' },
    { name: 'json', type: 'boolean', help: 'json' },
  ],
});

describe('typed flags', () => {
  it('types each value by its flag and gives values of those types', () => {
    const flags = parseFlags(table, ['--graph', 'g.json', '--join', 'sync', '--label', 'a', '--label', 'b']);
    expectTypeOf(flags.seed).toEqualTypeOf<number>();
    expectTypeOf(flags.graph).toEqualTypeOf<string>();
    expectTypeOf(flags.trace).toEqualTypeOf<string | undefined>();
    expectTypeOf(flags.join).toEqualTypeOf<'async' | 'sync'>();
    expectTypeOf(flags.label).toEqualTypeOf<readonly string[] | undefined>();
    expectTypeOf(flags.json).toEqualTypeOf<boolean | undefined>();
    // @ts-expect-error: a flag the table does not declare is not there to read.
    void flags.nothing;
    expect(flags).toEqual({
      seed: 1,
      graph: 'g.json',
      trace: undefined,
      join: 'sync',
      label: ['a', 'b'],
      json: undefined,
    });
  });
});
