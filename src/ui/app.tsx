import { For, lazy, Match, Show, Switch } from 'solid-js';
import { app } from './app-state';
import { BridgeConsent } from './bridge/consent';
import type { AppState } from './url-state';
import { Gallery } from './views/gallery';

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

const tabs: { view: AppState['view']; label: string }[] = [
  { view: 'gallery', label: 'Scenarios' },
  { view: 'run', label: 'Run' },
  { view: 'compare', label: 'Compare' },
  { view: 'train', label: 'Train' },
  { view: 'library', label: 'Library' },
  { view: 'knowledge', label: 'Knowledge' },
  { view: 'router', label: 'Router' },
];

export function App() {
  return (
    <>
      <header class="top">
        <h1>SwarmFlight</h1>
        <nav aria-label="Views">
          <For each={tabs}>
            {(tab) => (
              <button
                type="button"
                data-testid={`nav-${tab.view}`}
                aria-current={app.state().view === tab.view ? 'page' : undefined}
                onClick={() => app.update({ view: tab.view })}
              >
                {tab.label}
              </button>
            )}
          </For>
        </nav>
      </header>
      <Show when={app.problems().length > 0}>
        <div class="problems" role="alert" data-testid="link-problems">
          <strong>Some settings in this link could not be used.</strong>
          <ul>
            <For each={app.problems()}>{(problem) => <li>{problem}</li>}</For>
          </ul>
          <button type="button" class="secondary" onClick={() => app.dismissProblems()}>
            Dismiss
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
