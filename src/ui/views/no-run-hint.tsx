import { createSignal, Show } from 'solid-js';
import { needsOf } from '../../core/scenarios/registry';
import { SIMULATED } from '../../core/trace/simulated-id';
import { app } from '../app-state';
import { findScenario } from '../catalog';
import { statusWord } from '../i18n/status-word';
import { t } from '../i18n/t';

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
  const values = { title: sample.title, about: sample.about };
  return provider === SIMULATED ? t('hint.sampleSimulated', values) : t('hint.sampleOpened', values);
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
            {t('hint.askedRouter', { request: r().request, line: r().line })}
          </p>
        )}
      </Show>
      <p class="note" data-testid="run-empty">
        <Show when={props.other} fallback={t('hint.noRun', { title: title(app.state().scenario) })}>
          {(other) => (
            <>
              {t('hint.otherRun', {
                title: title(app.state().scenario),
                other: title(other()),
                status: statusWord(props.status),
              })}{' '}
              <button
                type="button"
                class="secondary"
                data-testid="show-last-run"
                onClick={() => app.update({ scenario: other() })}
              >
                {t('hint.showIt')}
              </button>
              .
            </>
          )}
        </Show>
      </p>
    </>
  );
}
