import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../src/ui/i18n/catalog';
import { setLocale } from '../../../src/ui/i18n/locale';
import { sayEnglish } from '../../../src/ui/i18n/words';
import { requestRunLabel, sampleRunLabel, storedRunLabel } from '../../../src/ui/run/run-label';

const stored = (label: string) => ({
  label,
  scenario: { id: 'wide-search', kind: 'wide-search', title: 'Wide search' },
  policy: 'heuristic',
  seed: 12345,
});

describe("a stored run's name", () => {
  beforeAll(async () => {
    await loadCatalog('zh');
    await loadCatalog('ru');
  });
  afterEach(() => setLocale('en'));

  it('is stored in English as before, and said in the page language when the page wrote it', () => {
    const sample = sayEnglish(sampleRunLabel('Wide search', 'heuristic', 12345));
    expect(sample).toBe('Wide search · heuristic · seed 12345');
    const request = sayEnglish(requestRunLabel('Найди все', 'heuristic'));
    expect(request).toBe('“Найди все” · heuristic');
    setLocale('ru');
    expect(storedRunLabel(stored(sample))).toBe('Wide search · heuristic · зерно 12345');
    expect(storedRunLabel(stored(request))).toBe('«Найди все» · heuristic');
    setLocale('zh');
    expect(storedRunLabel(stored(sample))).toBe('Wide search · heuristic · 种子 12345');
  });

  it('keeps a name the page did not write as it is (an imported file, another policy)', () => {
    setLocale('ru');
    expect(storedRunLabel(stored('my-trace.jsonl'))).toBe('my-trace.jsonl');
    expect(storedRunLabel(stored('“x” · serial'))).toBe('“x” · serial');
  });
});
