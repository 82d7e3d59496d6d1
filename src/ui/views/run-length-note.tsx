/**
 * How long a graph scenario's run takes at the pace chosen, said before it starts (issue 44: the
 * stress graph's 40 s read as a hung page); while it runs, the line of its start and how far it
 * has got, with a progress bar.
 */
import { type Accessor, createEffect, createMemo, createSignal, on, Show } from 'solid-js';
import { app } from '../app-state';
import { t } from '../i18n/t';
import { formatNumber } from '../model/format';
import { isTerminal, type RunSnapshot } from '../model/replay';
import { LENGTH_KEYS, pacedSecondsOf, runLengthNote } from '../model/run-length';

export function RunLengthNote(props: {
  /** The fastest pace beside Run, which a long run's line points to. */
  readonly fastest: { readonly pace: number; readonly name: string };
  /** Whether a run is starting or going on. */
  readonly going: Accessor<boolean>;
  /** Whether the view shows the live run (not a stored one). */
  readonly live: Accessor<boolean>;
  readonly snapshot: Accessor<RunSnapshot | undefined>;
}) {
  const lengthSettings = createMemo(() => app.state(), undefined, {
    equals: (a, b) => LENGTH_KEYS.every((k) => a[k] === b[k]),
  });
  const seconds = createMemo(() => pacedSecondsOf(lengthSettings()));
  const lengthNote = () => {
    const s = seconds();
    return s === undefined
      ? undefined
      : runLengthNote({ seconds: s, pace: app.state().pace, fastest: props.fastest });
  };
  const [runNote, setRunNote] = createSignal<string | undefined>();
  createEffect(
    on(props.going, (now, before) => {
      if (now && !before) setRunNote(lengthNote());
    }),
  );
  const tasksDone = () => {
    const snapshot = props.snapshot();
    if (!snapshot?.graph) return undefined;
    let done = 0;
    for (const status of snapshot.status.values()) if (isTerminal(status)) done++;
    return { done, total: snapshot.graph.n };
  };
  return (
    <Show when={props.going() ? runNote() : lengthNote()}>
      {(line) => (
        <p class="note" data-testid="run-length">
          <Show when={props.going() && props.live() && tasksDone()} fallback={line()}>
            {(p) => (
              <>
                {t('length.tasksDone', { done: formatNumber(p().done), total: formatNumber(p().total) })} ·{' '}
                {line()}
                <progress max={p().total || 1} value={p().done} />
              </>
            )}
          </Show>
        </p>
      )}
    </Show>
  );
}
