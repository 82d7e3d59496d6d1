/** The Run view's controls: Run, the pace, Stop, Kill a worker, Compare with a single agent, the status. */
import type { Accessor, JSX } from 'solid-js';
import { t } from '../i18n/t';
import { session } from '../run/session';
import { compareWithSerial } from './compare-with-serial';
import { PaceControl } from './pace-control';

export function RunActions(props: {
  /** Whether a run is starting or going on. */
  readonly going: Accessor<boolean>;
  /** Run pressed: before the run starts, the view puts away what belonged to the last one. */
  readonly onRun: () => void;
  /** What "Kill a worker" did, in words. */
  readonly onKilled: (note: string) => void;
  /** Why "Compare with a single agent" could not (undefined as it starts, and when it could). */
  readonly onCompareProblem: (problem: string | undefined) => void;
  /** The status line, last in the row. */
  readonly children: JSX.Element;
}) {
  const live = session.view;
  return (
    <div class="actions">
      <button
        type="button"
        class="primary"
        data-testid="run-button"
        disabled={session.busy() && live().status === 'running'}
        onClick={() => {
          props.onRun();
          void session.start();
        }}
      >
        {t('run.run')}
      </button>
      <PaceControl going={props.going()} holding={live().holding === true} onNext={() => session.next()} />
      <button
        type="button"
        class="secondary"
        data-testid="stop-button"
        disabled={live().status !== 'running'}
        onClick={() => session.stop()}
      >
        {t('run.stop')}
      </button>
      <button
        type="button"
        class="secondary"
        data-testid="kill-worker"
        title={live().workers ? t('run.killTitle') : t('run.killTitleNone')}
        disabled={live().status !== 'running' || !live().workers}
        onClick={() => {
          const killed = session.kill();
          props.onKilled(
            killed
              ? t('run.killed', {
                  subagent: killed.subagent,
                  task: killed.taskId,
                  attempt: killed.attempt,
                })
              : t('run.killedNone'),
          );
        }}
      >
        {t('run.kill')}
      </button>
      <button
        type="button"
        class="secondary"
        data-testid="compare-serial"
        onClick={() => {
          props.onCompareProblem(undefined);
          void compareWithSerial().then(props.onCompareProblem);
        }}
      >
        {t('run.compareSerial')}
      </button>
      {props.children}
    </div>
  );
}
