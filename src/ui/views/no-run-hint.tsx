import { Show } from 'solid-js';
import { app } from '../app-state';
import { findScenario } from '../catalog';

/**
 * What the Run view says when it has no run of the picked scenario to show: it was blank, or it
 * showed the last run of another scenario as if it were this one's.
 */
export function NoRunHint(props: { other: string | undefined; status: string }) {
  const title = (id: string) => findScenario(id)?.title ?? id;
  return (
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
            “{title(app.state().scenario)}” has not run here yet: press Run. The last run in this tab was of “
            {title(other())}” ({props.status}); it is in the Library, or{' '}
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
  );
}
