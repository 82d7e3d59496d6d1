/** A stored run in the Run view: loading, replayed, or why it cannot be; or, with none open, the hint. */
import { type Accessor, Match, Show, Switch } from 'solid-js';
import { t } from '../i18n/t';
import { formatNumber } from '../model/format';
import { session } from '../run/session';
import { quoted } from '../url-state';
import type { ReplayStart } from './finished-run-controls';
import { NoRunHint } from './no-run-hint';
import { Replay } from './replay-view';
import type { StoredRunLoading } from './stored-run-load';

export function StoredRunPane(props: {
  readonly stored: StoredRunLoading;
  /** The run the link opens, if any. */
  readonly shownId: Accessor<string | undefined>;
  /** The scenario the last live run was of, when another one is picked now. */
  readonly otherScenario: Accessor<string | undefined>;
  /** How the replay of a run that just ended starts. */
  readonly replaying: Accessor<ReplayStart | undefined>;
}) {
  const live = session.view;
  const { load, progress, setReplayAt, setReplayPlaying } = props.stored;
  return (
    <Switch
      fallback={
        <Show
          when={props.shownId()}
          fallback={<NoRunHint other={props.otherScenario()} status={live().status} />}
        >
          {(id) => (
            <p class="note" data-testid="run-loading" role="status">
              {t('run.loading', { id: quoted(id()) })}
              <Show when={progress()}>
                {(p) =>
                  ` ${t('run.loaded', { loaded: formatNumber(p().loaded), total: formatNumber(p().total) })}`
                }
              </Show>
            </p>
          )}
        </Show>
      }
    >
      <Match when={load.loading ? undefined : load()} keyed>
        {(l) =>
          l.kind === 'ready' ? (
            <Replay
              runId={l.head.summary.id}
              header={l.head.header}
              events={l.events}
              final={l.final}
              status={l.head.summary.status}
              onPosition={setReplayAt}
              onPlaying={setReplayPlaying}
              start={props.replaying()}
            />
          ) : (
            <div class="error" role="alert" data-testid="run-missing">
              {l.kind === 'missing'
                ? t('run.missing', { id: quoted(l.id) })
                : t('run.unreadable', { id: quoted(l.id), message: l.message })}
            </div>
          )
        }
      </Match>
    </Switch>
  );
}
