/** The notes under the Run view's controls: a killed worker, a comparison that could not, an error, parallelism. */
import { type Accessor, Show } from 'solid-js';
import { t } from '../i18n/t';
import { say } from '../i18n/words';
import { formatFixed } from '../model/format';
import { session } from '../run/session';

export function RunNotes(props: {
  readonly killNote: Accessor<string | undefined>;
  readonly compareProblem: Accessor<string | undefined>;
  /** Whether the view shows the live run (not a stored one). */
  readonly isLive: Accessor<boolean>;
}) {
  const live = session.view;
  return (
    <>
      <Show when={props.killNote()}>
        <p class="note" role="status" data-testid="kill-note">
          {props.killNote()}
        </p>
      </Show>
      <Show when={props.compareProblem()}>
        <p class="note" role="status" data-testid="compare-problem">
          {props.compareProblem()}
        </p>
      </Show>
      <Show when={props.isLive() && live().error}>
        <div class="error" role="alert" data-testid="run-error">
          {say(live().error ?? '')}
        </div>
      </Show>
      <Show when={props.isLive() && live().parallelism}>
        {(p) => (
          <p class="note" data-testid="parallelism">
            {t('run.parallelism', {
              effective: formatFixed(p().effective, 2),
              nominal: formatFixed(p().nominal, 2),
              peakEffective: p().peakEffective,
              peakNominal: p().peakNominal,
              engines: p().engines,
            })}
          </p>
        )}
      </Show>
    </>
  );
}
