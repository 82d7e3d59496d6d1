import { createEffect, For, lazy, Match, Show, Switch } from 'solid-js';
import { app } from './app-state';
import { BridgeConsent } from './bridge/consent';
import { loadCatalog } from './i18n/catalog';
import { locale, setLocale } from './i18n/locale';
import { localeOfLanguages } from './i18n/locales';
import { type MessageId, t } from './i18n/t';
import { say } from './i18n/words';
import type { AppState } from './url-state';
import { Gallery } from './views/gallery';
import { LanguageSwitch } from './views/language-switch';

// The Knowledge view (and the knowledge base, pdf.js aside) loads when it is first opened.
// The Run view brings the run machinery (every scenario's generator and texts, the policies):
// loaded when first shown, so the gallery opens on less script.
const RunView = lazy(async () => ({ default: (await import('./views/run-view')).RunView }));
const KnowledgeView = lazy(async () => ({ default: (await import('./views/knowledge-view')).KnowledgeView }));
// The Router view trains a router on its first opening; its code and data load then too.
const RouterView = lazy(async () => ({ default: (await import('./views/router-view')).RouterView }));
// Training (the learners, their curves) and comparing load when first opened too: the first
// visit's script stays within its budget (tests/e2e/bundle.test.ts).
const TrainView = lazy(async () => ({ default: (await import('./views/train-view')).TrainView }));
const CompareView = lazy(async () => ({ default: (await import('./views/compare-view')).CompareView }));
const LibraryView = lazy(async () => ({ default: (await import('./views/library-view')).LibraryView }));

const tabs: { view: AppState['view']; label: MessageId }[] = [
  { view: 'gallery', label: 'nav.gallery' },
  { view: 'run', label: 'nav.run' },
  { view: 'compare', label: 'nav.compare' },
  { view: 'train', label: 'nav.train' },
  { view: 'library', label: 'nav.library' },
  { view: 'knowledge', label: 'nav.knowledge' },
  { view: 'router', label: 'nav.router' },
];

export function App() {
  // The page speaks the link's language, else the browser's first one it knows; <html lang> says
  // which, so a screen reader reads it in that language and `hyphens: auto` breaks its words right.
  // A translation loads on first use; the page changes language once it has (the last one asked wins).
  createEffect(() => {
    const wanted = app.state().lang || localeOfLanguages(navigator.languages ?? [navigator.language]);
    void loadCatalog(wanted).then(() => {
      if ((app.state().lang || localeOfLanguages(navigator.languages ?? [navigator.language])) !== wanted)
        return;
      setLocale(wanted);
      document.documentElement.lang = locale();
    });
  });
  return (
    <>
      <header class="top">
        <h1>SwarmFlight</h1>
        <nav aria-label={t('nav.label')}>
          <For each={tabs}>
            {(tab) => (
              <button
                type="button"
                data-testid={`nav-${tab.view}`}
                aria-current={app.state().view === tab.view ? 'page' : undefined}
                onClick={() => app.update({ view: tab.view })}
              >
                {t(tab.label)}
              </button>
            )}
          </For>
        </nav>
        <LanguageSwitch />
      </header>
      <Show when={app.problems().length > 0}>
        <div class="problems" role="alert" data-testid="link-problems">
          <strong>{t('problems.heading')}</strong>
          <ul>
            <For each={app.problems()}>{(problem) => <li>{say(problem)}</li>}</For>
          </ul>
          <button type="button" class="secondary" onClick={() => app.dismissProblems()}>
            {t('common.dismiss')}
          </button>
        </div>
      </Show>
      <BridgeConsent />
      <main>
        <Switch>
          <Match when={app.state().view === 'gallery'}>
            <Gallery />
          </Match>
          <Match when={app.state().view === 'run'}>
            <RunView />
          </Match>
          <Match when={app.state().view === 'compare'}>
            <CompareView />
          </Match>
          <Match when={app.state().view === 'train'}>
            <TrainView />
          </Match>
          <Match when={app.state().view === 'library'}>
            <LibraryView />
          </Match>
          <Match when={app.state().view === 'knowledge'}>
            <KnowledgeView />
          </Match>
          <Match when={app.state().view === 'router'}>
            <RouterView />
          </Match>
        </Switch>
      </main>
    </>
  );
}
