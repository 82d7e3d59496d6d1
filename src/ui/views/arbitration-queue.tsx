import { For, Show } from 'solid-js';
import type { ArbitrationItem } from '../../core/router/arbitration';
import { type ChoiceLabel, topologies, workflows } from '../../core/router/choice';
import { t } from '../i18n/t';
import { formatFixed } from '../model/format';

const allLabels = topologies.flatMap((t) => workflows.map((w) => `${t}/${w}` as ChoiceLabel));

/**
 * The arbitration queue as a table: each request the router was unsure of, what it chose and how
 * sure it was, and a list of every choice to label it with (the router's own preselected), or the
 * label it was given and by whom.
 */
export function ArbitrationQueue(props: {
  items: readonly ArbitrationItem[];
  onLabel: (item: ArbitrationItem, label: string) => void;
  onForget: (item: ArbitrationItem) => void;
}) {
  return (
    <table class="data stack" data-testid="arbitration-queue">
      <thead>
        <tr>
          <th>{t('arbitration.request')}</th>
          <th>{t('arbitration.chose')}</th>
          <th>{t('arbitration.yours')}</th>
          {/* Named for screen readers (axe's empty-table-header): the column's buttons say what they do. */}
          <th>
            <span class="visually-hidden">{t('arbitration.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        <For
          each={props.items}
          fallback={
            <tr>
              <td colSpan={4} class="note">
                {t('arbitration.empty')}
              </td>
            </tr>
          }
        >
          {(item) => {
            let select: HTMLSelectElement | undefined;
            return (
              <tr data-testid="arbitration-item" data-status={item.status}>
                <td>{item.query}</td>
                <td data-label={t('arbitration.chose')}>
                  {item.routed.label} ({formatFixed(item.routed.confidence, 2)})
                </td>
                <td data-label={t('arbitration.yours')}>
                  <Show
                    when={item.status === 'pending'}
                    fallback={
                      <span data-testid="arbitration-label">
                        {item.label} <span class="note">{t('arbitration.by', { who: item.by ?? '' })}</span>
                      </span>
                    }
                  >
                    <select
                      ref={select}
                      class="field"
                      aria-label={t('arbitration.choiceFor', { query: item.query })}
                      data-testid="arbitration-choice"
                    >
                      <For each={allLabels}>
                        {(l) => (
                          <option value={l} selected={l === item.routed.label}>
                            {l}
                          </option>
                        )}
                      </For>
                    </select>{' '}
                    <button
                      type="button"
                      class="primary"
                      data-testid="arbitration-save"
                      onClick={() => props.onLabel(item, select?.value ?? '')}
                    >
                      {t('arbitration.label')}
                    </button>
                  </Show>
                </td>
                <td>
                  <button type="button" class="secondary" onClick={() => props.onForget(item)}>
                    {t('arbitration.forget')}
                  </button>
                </td>
              </tr>
            );
          }}
        </For>
      </tbody>
    </table>
  );
}
