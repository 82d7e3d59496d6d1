import { createSignal, Show } from 'solid-js';
import { needsOf } from '../../core/scenarios/registry';
import { SIMULATED } from '../../core/trace/simulated-id';
import { app } from '../app-state';
import { findScenario } from '../catalog';

/** The sample task a scenario runs: its title and the first sentence of its description. */
export function sampleTask(id: string): { title: string; about: string } | undefined {
  const entry = findScenario(id);
  if (!entry) return undefined;
  // A scenario that asks the user's own knowledge base answers the user's question: no sample.
  if (entry.type === 'task' && needsOf(entry.spec).knowledgeBase === true) return undefined;
  const first = /^.*?[.!?](?=\s|$)/.exec(entry.description.trim())?.[0] ?? entry.description.trim();
  const about = first.replace(/[.!?]$/, '');
  return { title: entry.title, about };
}

/**
 * What the Run view's Run will play instead of a request typed in the Router: the simulated model
 * cannot take the request itself (a real one can: own-request-note.tsx), so the Router says so
 * before the run, and so does the Run view it opens, in plain words, naming the sample task.
 */
export function sampleLine(id: string, provider: string): string | undefined {
  const sample = sampleTask(id);
  if (!sample) return undefined;
  const why =
    provider === SIMULATED
      ? 'The simulated model cannot write your request'
      : 'This run was opened without your request';
  return `${why}; Run plays a sample task of this workflow instead: “${sample.title}” (${sample.about})`;
}

/** The request last planned in the Router and the scenario it opened, until another is opened. */
const [routed, setRouted] = createSignal<{ request: string; scenario: string } | undefined>();

export { setRouted };

/**
 * What the Run view says when it has no run of the picked scenario to show: it was blank, or it
 * showed the last run of another scenario as if it were this one's.
 */
export function NoRunHint(props: { other: string | undefined; status: string }) {
  const title = (id: string) => findScenario(id)?.title ?? id;
  const fromRouter = () => {
    const r = routed();
    const scenario = app.state().scenario;
    // A real model working on the request itself says so in its own note (own-request-note.tsx).
    if (!r || r.scenario !== scenario || app.state().ask.trim() !== '') return undefined;
    const line = sampleLine(scenario, app.state().provider);
    return line ? { request: r.request, line } : undefined;
  };
  return (
    <>
      <Show when={fromRouter()}>
        {(r) => (
          <p class="note" data-testid="run-sample-note">
            You asked the Router for “{r().request}”. {r().line}.
          </p>
        )}
      </Show>
      <p class="note" data-testid="run-empty">
        <Show
          when={props.other}
          fallback={
            <>
              No run yet: press Run to run “{title(app.state().scenario)}” with the settings shown, or open a
              stored run from the Library.
            </>
          }
        >
          {(other) => (
            <>
              “{title(app.state().scenario)}” has not run here yet: press Run. The last run in this tab was of
              “{title(other())}” ({props.status}); it is in the Library, or{' '}
              <button
                type="button"
                class="secondary"
                data-testid="show-last-run"
                onClick={() => app.update({ scenario: other() })}
              >
                show it here
              </button>
              .
            </>
          )}
        </Show>
      </p>
    </>
  );
}
