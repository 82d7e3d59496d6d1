import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { evidenceText } from '../../../src/core/healing/evidence';
import { loadCatalog } from '../../../src/ui/i18n/catalog';
import { evidenceWords, failureWords, faultAbout } from '../../../src/ui/i18n/evidence-words';
import { setLocale } from '../../../src/ui/i18n/locale';
import { say } from '../../../src/ui/i18n/words';

describe('evidence and faults in the page language', () => {
  beforeAll(async () => {
    await loadCatalog('zh');
    await loadCatalog('ru');
  });
  afterEach(() => setLocale('en'));

  it("says the core's evidence from its facts, numbers in the language's format, counts in its plurals", () => {
    const slow = evidenceText('slow', { ms: 5200, perToken: '104.5', level: '12.0' });
    const loop = evidenceText('loop', { tool: 'search', times: 5, args: '{"q":"x"}' });
    const tokens = evidenceText('runaway-tokens', { tokens: 9001, level: 2400 });
    expect(say(evidenceWords('slow', slow))).toBe(
      "a model turn took 5,200 ms, 104.5 ms a token; the swarm's turns stay under 12 ms a token",
    );
    setLocale('ru');
    expect(say(evidenceWords('slow', slow))).toBe(
      'ход модели занял 5\u00a0200 мс, 104,5 мс на токен; ходы роя укладываются в 12 мс на токен',
    );
    expect(say(evidenceWords('loop', loop))).toBe(
      'search вызван 5 раз с одними и теми же аргументами {"q":"x"}',
    );
    expect(say(evidenceWords('runaway-tokens', tokens))).toBe(
      '9\u00a0001 токен за одну попытку; попытки роя укладываются в 2\u00a0400',
    );
    setLocale('zh');
    expect(
      say(evidenceWords('unresponsive', evidenceText('unresponsive', { ms: 6000, clock: 'model' }))),
    ).toBe('按模型自身的时间，6,000 毫秒内模型没有回答');
    expect(say(faultAbout('hang'))).toBe('它的模型永不回答');
  });

  it("shows words the core did not write from facts as they are: a crash's own message", () => {
    setLocale('ru');
    expect(evidenceWords('crash', 'worker crashed: boom')).toBe('worker crashed: boom');
    expect(failureWords('worker crashed: boom')).toBe('worker crashed: boom');
    expect(say(failureWords('quarantined: loop: search called 3 times with the same arguments {}'))).toBe(
      'изолирован: loop: search вызван 3 раза с одними и теми же аргументами {}',
    );
  });
});
