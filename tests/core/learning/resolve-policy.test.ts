import { describe, expect, it } from 'vitest';
import { banditArms, makeBandit } from '../../../src/core/learning/bandit-policy';
import { banditCheckpoint, parlCheckpoint } from '../../../src/core/learning/checkpoint';
import { initParams } from '../../../src/core/learning/parl';
import { type PolicySource, resolvePolicy } from '../../../src/core/learning/resolve-policy';

const hashes = { small: 'sha256:aa', medium: 'sha256:bb', large: 'sha256:cc' };
const training = { scenario: 'mix', episodes: 10, completedEpisodes: 10, seed: 1 };

const saved: Record<string, unknown> = {
  p: JSON.parse(
    JSON.stringify(
      parlCheckpoint(initParams(), { hyper: {}, training, profiles: hashes, allowedProfiles: ['medium'] }),
    ),
  ),
  b: JSON.parse(
    JSON.stringify(
      banditCheckpoint(makeBandit('linucb', banditArms(['small']).length, 1), banditArms(['small']), {
        hyper: {},
        training,
        profiles: hashes,
      }),
    ),
  ),
  other: { schema: 'swarmflight.trace/1' },
};

class Refusal extends Error {}

const source: PolicySource = {
  load: async (ref) => saved[ref],
  hashes: () => hashes,
  messages: {
    missing: (ref) => `missing ${ref}`,
    unloadable: (ref, reason) => `unloadable ${ref}: ${reason}`,
    wrongKind: (ref, actual, asked) => `wrong ${ref} ${actual} ${asked}`,
  },
  fail: (message) => new Refusal(message),
};

describe('resolvePolicy', () => {
  it('gives the built-in policies by name', async () => {
    for (const name of ['serial', 'heuristic', 'critical-path']) {
      expect((await resolvePolicy(name, source)).name).toBe(name);
    }
  });

  it('loads trained policies through the loader, named as asked', async () => {
    expect((await resolvePolicy('parl:p', source)).name).toBe('parl:p');
    expect((await resolvePolicy('bandit:b', source)).name).toBe('bandit:b');
  });

  it.each([
    // A name's form is refused in policy-name.ts's words, the same for every caller.
    ['magic', /^"magic" is not a policy \(one of: serial, .*parl:CHECKPOINT, bandit:CHECKPOINT\)$/],
    ['dqn:p', /^"dqn:p" is not a policy \(one of: /],
    ['fixed:all/huge', /^"fixed:all\/huge" is not a fixed setting: /],
    ['parl:nope', 'missing nope'],
    ['parl:other', /^unloadable other: not a usable policy: "schema" is "swarmflight.trace\/1"/],
    ['bandit:p', 'wrong p parl bandit'],
  ])('refuses %s in the words of its form or of the caller’s checkpoints', async (name, message) => {
    const refused = resolvePolicy(name, source);
    await expect(refused).rejects.toThrow(message);
    await expect(refused).rejects.toBeInstanceOf(Refusal);
  });

  it('throws a plain Error when the caller makes none', async () => {
    const { fail: _, ...plain } = source;
    await expect(resolvePolicy('magic', plain)).rejects.toThrow(Error);
  });
});
