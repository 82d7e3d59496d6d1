/**
 * One provider registry (issue 58): a provider is one folder under src/providers and one line in
 * src/providers/registry.ts. Each folder's declaration names itself by its folder, has the host
 * parts it declares, and every list of providers (the request check, the CLI's --provider, the
 * page's link and CSP) is derived from the registry; the last case fails on a list of provider
 * kinds written by hand anywhere in src/.
 */

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
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
    const cli = runTable.flags.find((f) => f.name === 'provider');
    expect(cli?.choices).toEqual(['simulated', ...providersOn('node').map((p) => p.id)]);
    for (const p of providersOn('node'))
      for (const [name, field] of Object.entries(p.fields))
        expect(runTable.flags.map((f) => f.name)).toContain(field.flag ?? name);
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
    // Not derived yet (docs/models.md, "Adding a provider"): commands whose real model is the
    // OpenAI-compatible one by design of their flags (bench's --tools, fork's replay, route's plan).
    const notYet = [
      'src/cli/bench-flags.ts',
      'src/cli/bench-provider.ts',
      'src/cli/bench.ts',
      'src/cli/fork.ts',
      'src/cli/router.ts',
    ];
    expect(offenders.filter((f) => !notYet.includes(f))).toEqual([]);
  });
});
