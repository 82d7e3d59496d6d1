/**
 * The app's one piece of global state: the experiment as the URL hash holds it. Reading and
 * writing go through url-state's table; settings that make sense only against the catalog (a
 * scenario id, a size in its range) are checked here, and every problem is kept for the page to
 * show in words.
 */

import { createRoot, createSignal } from 'solid-js';
import { findScenario, sizeRange } from './catalog';
import { type Said, words } from './i18n/words';
import { readLink } from './request-state';
import { type AppState, defaultState, patched, writeHash } from './url-state';

function checked(hash: string): { state: AppState; problems: Said[] } {
  const read = readLink(hash);
  let state = read.state;
  const problems = [...read.problems];
  const entry = findScenario(state.scenario);
  if (!entry) {
    problems.push(words('link.noScenario', { scenario: state.scenario, fallback: defaultState.scenario }));
    state = { ...state, scenario: defaultState.scenario, size: 0 };
  } else {
    const range = sizeRange(entry);
    if (state.size !== 0 && (!range || state.size < range.min || state.size > range.max)) {
      problems.push(
        range
          ? words('link.sizeOutOfRange', {
              size: String(state.size),
              scenario: entry.id,
              min: String(range.min),
              max: String(range.max),
              fallback: String(range.default),
            })
          : words('link.fixedSize', { scenario: entry.id, size: String(state.size) }),
      );
      state = { ...state, size: 0 };
    }
  }
  return { state, problems };
}

function createAppState() {
  const first = checked(location.hash);
  const [state, setState] = createSignal<AppState>(first.state);
  const [problems, setProblems] = createSignal<readonly Said[]>(first.problems);

  window.addEventListener('hashchange', () => {
    const next = checked(location.hash);
    setState(next.state);
    setProblems(next.problems);
  });

  /** Changes settings; a change of view is a new history entry, the rest replace the current one. */
  function update(patch: Partial<AppState>) {
    const next = patched(state(), patch);
    const hash = writeHash(next) || location.pathname + location.search;
    if (patch.view !== undefined && patch.view !== state().view) history.pushState(null, '', hash);
    else history.replaceState(null, '', hash);
    setState(next);
  }

  return { state, problems, update, dismissProblems: () => setProblems([]) };
}

export const app = createRoot(createAppState);
