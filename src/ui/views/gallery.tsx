import { For, Show } from 'solid-js';
import { DEFAULT_POLICY } from '../../core/request/defaults';
import { app } from '../app-state';
import { type CatalogEntry, findScenario, galleryEntries } from '../catalog';
import { locale } from '../i18n/locale';
import { t, tParts } from '../i18n/t';
import { firstRunPace } from '../model/paces';
import { focusWhenShown } from './focus-when-shown';

/** The first screen: what this is, in one sentence, and every scenario one click from running. */
export function Gallery() {
  const open = (id: string, run: boolean) => {
    const entry = findScenario(id);
    const suggested = entry?.type === 'task' ? entry.policy : undefined;
    // A card opens its scenario with the formation it shows; the peers policy runs only a
    // scenario that has a peers plan, so it gives way to the default elsewhere.
    const peersOnly = app.state().policy === 'peers' && !(entry?.type === 'task' && entry.policy === 'peers');
    const policy = suggested ?? (peersOnly ? DEFAULT_POLICY : undefined);
    app.update({ view: 'run', scenario: id, size: 0, runs: [], ...(policy ? { policy } : {}) });
    // The run machinery (scenarios, policies, workers) loads with the first run, not the page. A
    // card's run lasts seconds at the default pace, or starts at fast where it would take minutes.
    if (run)
      void Promise.all([import('../run/session'), import('../model/run-length')]).then(
        ([session, length]) => {
          const { pace: set, step } = app.state();
          const pace = step ? set : firstRunPace(set, length.pacedSecondsOf(app.state()));
          if (pace !== app.state().pace) app.update({ pace });
          session.startRun();
        },
      );
    // The card whose Run had focus is gone with the gallery: focus goes to the run's status (a
    // live region), not to the page's body, so a keyboard user is where the run is.
    if (run) focusWhenShown('run-status');
  };
  return (
    <section>
      <p class="lede">{tParts('gallery.lede', { strong: (c) => <strong>{c}</strong> })}</p>
      <div class="actions">
        <button
          type="button"
          class="primary"
          data-testid="quick-run"
          onClick={() => open('wide-search', true)}
        >
          {t('gallery.quickRun')}
        </button>
        <span class="note">{t('gallery.orPick')}</span>
      </div>
      {/* Two kinds of card that can look alike (a wide search, and a graph shaped like one): the
          headings say how they differ, so no two cards seem to be the same thing twice. */}
      <h2 class="gallery-heading">{t('gallery.tasksHeading')}</h2>
      <p class="note">{t('gallery.tasksNote')}</p>
      <Cards entries={galleryEntries().filter((e) => e.type === 'task')} open={open} />
      <h2 class="gallery-heading">{t('gallery.graphsHeading')}</h2>
      <p class="note">{t('gallery.graphsNote')}</p>
      <Cards entries={galleryEntries().filter((e) => e.type === 'graph')} open={open} />
    </section>
  );
}

/** One grid of cards, each opening its scenario (`open(id, run)`). */
function Cards(props: { entries: readonly CatalogEntry[]; open: (id: string, run: boolean) => void }) {
  const open = (id: string, run: boolean) => props.open(id, run);
  return (
    <div class="gallery">
      <For each={props.entries}>
        {(entry) => (
          <article class="card" data-testid={`scenario-card-${entry.id}`} lang={languageOf(entry)}>
            <h3>
              {/* The title is a button stretched over the card, so the whole card opens the
                scenario, by mouse or keyboard; Run and Settings sit above it. */}
              <button type="button" class="card-open" onClick={() => open(entry.id, false)}>
                {entry.title}
              </button>
            </h3>
            <p>
              {/* A kind's id is a name, not a word of any language; "scheduling" is the page's. */}
              <Show
                when={entry.type === 'task' && entry.spec.kind}
                fallback={
                  <span class="tag" lang={locale()}>
                    {t('gallery.scheduling')}
                  </span>
                }
              >
                {(kind) => (
                  <span class="tag" lang="en">
                    {kind()}
                  </span>
                )}
              </Show>
              <Show when={languageOf(entry)}>
                {(language) => (
                  <span
                    class="tag"
                    lang={locale()}
                    title={t('gallery.askedIn', { language: LANGUAGE_NAMES[language()] })}
                  >
                    {LANGUAGE_NAMES[language()]}
                  </span>
                )}
              </Show>
              {entry.description}
            </p>
            <div class="actions">
              <button type="button" class="primary" lang={locale()} onClick={() => open(entry.id, true)}>
                {t('gallery.run')}
              </button>
              <button type="button" class="secondary" lang={locale()} onClick={() => open(entry.id, false)}>
                {t('gallery.settings')}
              </button>
            </div>
          </article>
        )}
      </For>
    </div>
  );
}

const LANGUAGE_NAMES = { zh: '中文', ru: 'Русский' } as const;

/** A card asked in another language than English: its `lang`, so it is read and shaped right. */
function languageOf(entry: CatalogEntry): 'zh' | 'ru' | undefined {
  if (entry.type !== 'task' || !('language' in entry.spec)) return undefined;
  const language = entry.spec.language;
  return language === 'zh' || language === 'ru' ? language : undefined;
}
