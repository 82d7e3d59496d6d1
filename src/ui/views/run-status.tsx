/** The Run view's status line: the live run's, or the stored run's, and why a live run ended. */
import { type Accessor, Show } from 'solid-js';
import { statusWord } from '../i18n/status-word';
import { t } from '../i18n/t';
import type { ReplayStatus } from '../model/replay-position';
import { endNote } from '../model/status-words';
import { session } from '../run/session';

export function RunStatus(props: {
  /** Whether the view shows the live run (not a stored one). */
  readonly isLive: Accessor<boolean>;
  readonly storedStatus: Accessor<ReplayStatus>;
}) {
  const live = session.view;
  const isLive = () => props.isLive();
  const storedStatus = () => props.storedStatus();
  return (
    <span>
      {t('run.status')}{' '}
      {/* A live region, so a screen reader hears the run start and end; focusable, so the
          gallery's Run can move focus here instead of leaving it on the page's body. */}
      <span
        class="status"
        role="status"
        tabIndex={-1}
        id="run-status"
        data-testid="run-status"
        data-state={isLive() ? live().status : storedStatus().state}
      >
        <Show
          when={!isLive()}
          fallback={
            live().status === 'running' && live().holding ? t('run.holding') : statusWord(live().status)
          }
        >
          {storedStatus().words}
          {/* The step a playing replay stands at changes many times a second: shown, and
              not read out each time by a screen reader (the replay's position says it). */}
          <Show when={storedStatus().detail}>
            <span aria-hidden="true">{storedStatus().detail}</span>
          </Show>
        </Show>
      </span>
      <Show when={isLive() && endNote(live().status, live().endReason)}>
        {(words) => (
          <span class="end-reason" data-testid="run-end-reason">
            {' '}
            — {words()}
          </span>
        )}
      </Show>
    </span>
  );
}
