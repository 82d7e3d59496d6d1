import { IntlMessageFormat } from 'intl-messageformat';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { catalogs, loadCatalog, type MessageId } from '../../../src/ui/i18n/catalog';
import { setLocale } from '../../../src/ui/i18n/locale';
import { LOCALES } from '../../../src/ui/i18n/locales';
import { t } from '../../../src/ui/i18n/t';

const ids = Object.keys(catalogs.en) as MessageId[];

/** The names a message takes (`{n}`, `{n, plural, …}`, `<strong>`), from its parsed form. */
function argumentsOf(message: string, lang: string): string[] {
  const names = new Set<string>();
  const walk = (nodes: readonly unknown[]) => {
    for (const node of nodes as { type: number; value?: string; options?: object; children?: unknown[] }[]) {
      if (node.type !== 0 && node.type !== 7 && typeof node.value === 'string') names.add(node.value);
      for (const option of Object.values(node.options ?? {}) as { value: unknown[] }[]) walk(option.value);
      if (node.children) walk(node.children);
    }
  };
  walk(new IntlMessageFormat(message, lang).getAst());
  return [...names].sort();
}

describe('the message catalogue', () => {
  beforeAll(async () => {
    await loadCatalog('zh');
    await loadCatalog('ru');
  });
  afterEach(() => setLocale('en'));

  it('has every English message in Chinese and in Russian', () => {
    const missing = LOCALES.flatMap((lang) =>
      ids.filter((id) => catalogs[lang][id] === undefined).map((id) => `${lang}: ${id}`),
    );
    expect(missing).toEqual([]);
  });

  it('has no message in a translation that English does not have', () => {
    const extra = LOCALES.flatMap((lang) =>
      Object.keys(catalogs[lang])
        .filter((id) => !(id in catalogs.en))
        .map((id) => `${lang}: ${id}`),
    );
    expect(extra).toEqual([]);
  });

  it("parses in every language and takes the same values as English's", () => {
    for (const lang of LOCALES)
      for (const id of ids) {
        const message = catalogs[lang][id];
        if (message === undefined) continue;
        expect(argumentsOf(message, lang), `${lang}: ${id}`).toEqual(argumentsOf(catalogs.en[id], 'en'));
      }
  });

  it('counts as each language does: Russian one/few/many, Chinese one form', () => {
    const attempts = (n: number) => t('count.attempts', { n });
    setLocale('en');
    expect([1, 2].map(attempts)).toEqual(['1 attempt', '2 attempts']);
    setLocale('ru');
    expect([1, 3, 5, 21].map(attempts)).toEqual(['1 попытка', '3 попытки', '5 попыток', '21 попытка']);
    setLocale('zh');
    expect([1, 5].map(attempts)).toEqual(['1 次尝试', '5 次尝试']);
  });

  it('says a message its language lacks in English', () => {
    const zh = catalogs.zh as Record<string, string | undefined>;
    const kept = zh['nav.run'];
    delete zh['nav.run'];
    try {
      setLocale('zh');
      expect(t('nav.run')).toBe('Run');
      expect(t('nav.compare')).toBe('对比');
    } finally {
      zh['nav.run'] = kept;
    }
  });
});
