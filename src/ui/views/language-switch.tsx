import { For } from 'solid-js';
import { app } from '../app-state';
import { locale } from '../i18n/locale';
import { LOCALE_NAMES, LOCALES } from '../i18n/locales';
import { t } from '../i18n/t';

/**
 * The page's language, one press away in the header: each language named in itself (and marked so,
 * for a screen reader), the choice kept in the link (`lang=zh`) like any other setting.
 */
export function LanguageSwitch() {
  return (
    <fieldset class="language-switch" aria-label={t('lang.label')} data-testid="language-switch">
      <For each={LOCALES}>
        {(code) => (
          <button
            type="button"
            class="secondary"
            lang={code}
            data-testid={`lang-${code}`}
            aria-pressed={locale() === code}
            onClick={() => app.update({ lang: code })}
          >
            {LOCALE_NAMES[code]}
          </button>
        )}
      </For>
    </fieldset>
  );
}
