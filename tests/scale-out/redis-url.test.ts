import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/errors';
import { redisTarget } from '../../src/cli/scale-out/redis-url';
import { mutatedText } from '../fuzz/mutate';
import { fcRuns } from '../support/fc-runs';

// Issue 57, item 9: `--redis` with a malformed % escape in its password threw a URIError that no
// one caught. Every string given as --redis is now a target or a UsageError (exit 2), and no
// message quotes the password, even one that broke the URL.

const PASSWORD = 'Pw0rd%zz';
const VALID = `rediss://ops:${PASSWORD}@redis.lab.example:6380/3`;

describe('--redis, fuzzed', () => {
  it('any string is a target or one clear UsageError that does not hold the password', () => {
    const piece = fc.constantFrom(
      '%',
      '%e0',
      '%zz',
      '%25',
      ':',
      '@',
      '/',
      '?',
      '#',
      '[',
      ']',
      ' ',
      '99999',
      '0',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          mutatedText(VALID),
          fc
            .tuple(fc.nat({ max: VALID.length }), fc.array(piece, { minLength: 1, maxLength: 3 }))
            .map(([at, bits]) => VALID.slice(0, at) + bits.join('') + VALID.slice(at)),
        ),
        (raw) => {
          try {
            redisTarget(raw, {});
          } catch (error) {
            expect(error).toBeInstanceOf(UsageError);
            const message = (error as UsageError).message;
            expect(message.split('\n')).toHaveLength(1);
            // The password is Pw0rd plus a bad escape. Where it is still the URL's password (after
            // "ops:", before "@", and nowhere else) no message shows it.
            if (raw.includes(`ops:${PASSWORD}@`) && raw.split('Pw0rd').length === 2)
              expect(message).not.toContain('Pw0rd');
          }
        },
      ),
      { numRuns: fcRuns(500) },
    );
  });
});
