/** The DAG view's legend: each task status's colour and name. */
import { For } from 'solid-js';
import { t } from '../i18n/t';
import type { TaskStatus } from '../model/replay';
import { STATUS_COLOURS } from './dag-draw';

export function StatusLegend() {
  return (
    <For each={Object.entries(STATUS_COLOURS)}>
      {([name, colour]) => (
        <span>
          <svg width="10" height="10" aria-hidden="true">
            <rect width="10" height="10" fill={colour} stroke="#7d8595" />
          </svg>{' '}
          {t(`node.${name as TaskStatus}`)}
        </span>
      )}
    </For>
  );
}
