/** Under the DAG view's drawing: the stage strip, a layout that failed or is still being made, the hint. */
import { type Accessor, Show } from 'solid-js';
import { t } from '../i18n/t';
import { formatNumber } from '../model/format';
import type { Realized } from '../model/replay';
import type { Laid } from './laid-out-graph';
import type { RunGraph } from './run-graph';
import { StageStrip } from './stage-strip';

export function DagNotes(props: {
  readonly realized: Realized | undefined;
  readonly peers: boolean;
  readonly layoutError: Accessor<string | undefined>;
  readonly laid: Accessor<Laid | undefined>;
  readonly graph: Accessor<RunGraph>;
  /** The node whose detail shows, if any: the hint shows while there is none. */
  readonly hovered: Accessor<string | undefined>;
}) {
  return (
    <>
      <Show when={props.realized?.stages.length}>
        <StageStrip realized={props.realized as Realized} peers={props.peers} />
      </Show>
      <Show when={props.layoutError()}>
        <p class="error" role="alert" data-testid="dag-error">
          {t('dag.layoutFailed', { error: props.layoutError() ?? '' })}
        </p>
      </Show>
      <Show when={!props.laid()}>
        <p class="note" data-testid="dag-laying-out">
          {t('dag.layingOut', { n: formatNumber(props.graph().input.ids.length) })}
        </p>
      </Show>
      <Show when={!props.hovered()}>
        <p class="note">{t('dag.hint')}</p>
      </Show>
    </>
  );
}
