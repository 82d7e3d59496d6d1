/**
 * The page names the providers it ships with in its language, and in English exactly as their
 * provider.ts does (the CLI's and the API's words); a provider it has no words for keeps its own.
 */
import { describe, expect, it } from 'vitest';
import { PROVIDERS } from '../../../src/providers/registry';
import { loadCatalog } from '../../../src/ui/i18n/catalog';
import { setLocale } from '../../../src/ui/i18n/locale';
import { providerLabel } from '../../../src/ui/i18n/provider-words';

describe("the providers' labels on the page", () => {
  it("are provider.ts's in English and the catalogue's in zh and ru", async () => {
    await Promise.all([loadCatalog('zh'), loadCatalog('ru')]);
    try {
      setLocale('en');
      for (const p of PROVIDERS) expect(providerLabel(p)).toBe(p.label);
      for (const lang of ['zh', 'ru'] as const) {
        setLocale(lang);
        for (const p of PROVIDERS) expect(providerLabel(p), `${lang} ${p.id}`).not.toBe(p.label);
      }
      setLocale('ru');
      expect(providerLabel({ id: 'echo', label: 'Echo (canned answers)' })).toBe('Echo (canned answers)');
    } finally {
      setLocale('en');
    }
  });
});
