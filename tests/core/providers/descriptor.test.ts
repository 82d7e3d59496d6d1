/**
 * A run request's `provider`, checked by the registered providers' own declarations
 * (core/providers/descriptor.ts): each refusal names the field and says what is accepted.
 */

import { describe, expect, it } from 'vitest';
import type { ProviderDescriptor } from '../../../src/core/providers/descriptor';
import { runRequestReader } from '../../../src/core/request/run-request';

const canned: ProviderDescriptor = {
  id: 'canned',
  label: 'Canned',
  about: 'canned replies',
  fields: {
    reply: { type: 'text', label: 'Reply', help: 'the reply', maxLength: 10 },
    turns: { type: 'whole', label: 'Turns', help: 'turns', min: 1, max: 3 },
  },
  hosts: ['node'],
  connect: [],
};
const remote: ProviderDescriptor = {
  id: 'remote',
  label: 'Remote',
  about: 'a server',
  fields: { endpoint: { type: 'url', label: 'URL', help: 'its URL' } },
  hosts: ['node'],
  connect: ['https:'],
};
const read = runRequestReader([canned, remote]);
const refusal = (provider: unknown) => {
  const r = read({ scenario: 'w', provider });
  return r.ok ? undefined : { field: r.field, message: r.message };
};

describe('a provider, checked by its declaration', () => {
  it('takes its own fields', () => {
    expect(read({ scenario: 'w', provider: { kind: 'canned', reply: 'hi', turns: 2 } })).toMatchObject({
      ok: true,
      request: { provider: { kind: 'canned', reply: 'hi', turns: 2 } },
    });
    expect(read({ scenario: 'w', provider: { kind: 'remote', endpoint: 'http://localhost:8/v1' } }).ok).toBe(
      true,
    );
  });

  it.each([
    [{ kind: 'gpt' }, 'provider.kind', 'provider.kind must be one of canned, remote, not "gpt"'],
    [{ kind: 'g\u202ept' }, 'provider.kind', 'provider.kind must be one of canned, remote, not "g?pt"'],
    [{}, 'provider.kind', 'provider.kind is required'],
    ['canned', 'provider', 'provider must be an object'],
    [
      { kind: 'canned', endpoint: 'http://x' },
      'provider.endpoint',
      'provider.endpoint is a field of remote, not of canned (it takes reply, turns)',
    ],
    [
      { kind: 'remote', colour: 1 },
      'provider.colour',
      'provider: unknown field "colour" for remote (it takes endpoint)',
    ],
    [
      { kind: 'canned', reply: 'x'.repeat(11) },
      'provider.reply',
      'provider.reply is longer than 10 characters',
    ],
    [{ kind: 'canned', reply: 'a\u0007b' }, 'provider.reply', 'provider.reply has control characters'],
    [{ kind: 'canned', turns: 4 }, 'provider.turns', 'provider.turns must be at most 3'],
    [{ kind: 'canned', turns: 1.5 }, 'provider.turns', 'provider.turns must be a whole number'],
    [
      { kind: 'remote', endpoint: 'ftp://x' },
      'provider.endpoint',
      'provider.endpoint must be an http(s) URL',
    ],
  ])('refuses %j naming %s', (provider, field, message) => {
    expect(refusal(provider)).toEqual({ field, message });
  });

  it.each(['apiKey', 'api_key', 'key', 'token', 'Authorization'])(
    'refuses a key (%s) in the request itself, whichever provider, saying where keys come from',
    (name) => {
      for (const kind of ['canned', 'remote']) {
        const r = refusal({ kind, [name]: 'sk-secret' });
        expect(r?.field).toBe(`provider.${name}`);
        expect(r?.message).toMatch(/a key is never part of a run request.*SWARM_API_KEY.*key store/);
        expect(r?.message).not.toContain('sk-secret');
      }
    },
  );
});
