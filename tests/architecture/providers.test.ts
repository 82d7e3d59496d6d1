/**
 * One provider registry (issue 58): a provider is one folder under src/providers and one line in
 * src/providers/registry.ts. Each folder's declaration names itself by its folder, has the host
 * parts it declares, and every list of providers (the request check, the CLI's --provider, the
 * page's link and CSP, every CLI command's --provider) is derived from the registry; the last
 * case fails on a list of provider kinds written by hand anywhere in src/, with no exception.
 */

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchTable } from '../../src/cli/bench-flags';
import type { CommandTable } from '../../src/cli/flags';
import { forkTable } from '../../src/cli/fork';
import { routeTable } from '../../src/cli/router';
import { runTable } from '../../src/cli/run';
import { PROVIDER_IDS, PROVIDERS, providersOn } from '../../src/providers/registry';
import { readRunRequest } from '../../src/providers/run-request';
import { defaultState, readHash } from '../../src/ui/url-state';
import { connectSources } from '../../vite.config';

const root = join(import.meta.dirname, '../..');
const folder = join(root, 'src/providers');

describe('the provider registry', () => {
  it('has one folder per provider, named by its id, with the host parts it declares', () => {
    const folders = readdirSync(folder).filter((f) => statSync(join(folder, f)).isDirectory());
    expect([...folders].sort()).toEqual([...PROVIDER_IDS].sort());
    for (const p of PROVIDERS) {
      for (const host of ['node', 'browser'] as const)
        expect(existsSync(join(folder, p.id, `${host}.ts`)), `${p.id}/${host}.ts`).toBe(
          p.hosts.includes(host),
        );
    }
  });

  it('is where every list of providers comes from', () => {
    for (const id of PROVIDER_IDS) {
      expect(readRunRequest({ scenario: 'wide-search', provider: { kind: id } }).ok, id).toBe(true);
      expect(readHash(`#provider=${id}`).state.provider).toBe(id);
    }
    // Every command that takes --provider takes the registry's, and each provider's own flags.
    const tables: readonly CommandTable[] = [runTable, benchTable, forkTable, routeTable];
    for (const table of tables) {
      const cli = table.flags.find((f) => f.name === 'provider');
      expect(cli?.choices, table.name).toEqual(['simulated', ...providersOn('node').map((p) => p.id)]);
      for (const p of providersOn('node'))
        for (const [name, field] of Object.entries(p.fields))
          expect(table.flags.map((f) => f.name)).toContain(field.flag ?? name);
    }
    for (const source of PROVIDERS.flatMap((p) => p.connect)) expect(connectSources).toContain(source);
    expect(defaultState.provider).toBe('simulated');
  });

  it('is the only list of provider kinds in src/', () => {
    // Three ids in a row, quoted, is a list written by hand (the registry holds them as imports).
    const listed = /'(simulated|webllm|openai)',\s*'(simulated|webllm|openai)'/;
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry) && listed.test(readFileSync(path, 'utf8')))
          offenders.push(relative(root, path));
      }
    };
    walk(join(root, 'src'));
    expect(offenders).toEqual([]);
  });

  it('is what every CLI command asks, never a real provider picked out by its name', () => {
    // `provider === 'openai'` in a command is a path written for one provider: the others' flags
    // would be refused or ignored there. The simulated model, every run's own, may be named.
    const real = PROVIDER_IDS.filter((id) => id !== 'simulated').join('|');
    const picked = new RegExp(`[!=]==\\s*'(${real})'|'(${real})'\\s*[!=]==`);
    const dir = join(root, 'src/cli');
    const offenders: string[] = [];
    const walk = (at: string) => {
      for (const entry of readdirSync(at)) {
        const path = join(at, entry);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.ts$/.test(entry) && picked.test(readFileSync(path, 'utf8')))
          offenders.push(relative(root, path));
      }
    };
    walk(dir);
    expect(offenders).toEqual([]);
  });
});
