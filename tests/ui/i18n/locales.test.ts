import { describe, expect, it } from 'vitest';
import { localeOfLanguages } from '../../../src/ui/i18n/locales';

describe("the browser's languages", () => {
  it('give the first one the page speaks, by its primary tag', () => {
    expect(localeOfLanguages(['zh-CN', 'en-US'])).toBe('zh');
    expect(localeOfLanguages(['zh-Hant-TW'])).toBe('zh');
    expect(localeOfLanguages(['de-DE', 'ru-RU', 'zh'])).toBe('ru');
    expect(localeOfLanguages(['en-GB', 'ru'])).toBe('en');
    expect(localeOfLanguages(['RU_ru'])).toBe('ru');
  });

  it('give English when the page speaks none of them', () => {
    expect(localeOfLanguages(['de-DE', 'fr'])).toBe('en');
    expect(localeOfLanguages([])).toBe('en');
  });
});
