/**
 * The language the page speaks now, one signal: every `t(…)` reads it, so text re-renders when it
 * changes. The app sets it from the link's `lang` or the browser's languages (app.tsx); nothing
 * here reads the page, so model code that calls `t` runs in tests too (English there).
 */

import { createRoot, createSignal } from 'solid-js';
import type { Locale } from './locales';

const [locale, setLocale] = createRoot(() => createSignal<Locale>('en'));

export { locale, setLocale };
