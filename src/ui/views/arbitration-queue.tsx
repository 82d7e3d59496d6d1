import { For, Show } from 'solid-js';
import type { ArbitrationItem } from '../../core/router/arbitration';
import { type ChoiceLabel, topologies, workflows } from '../../core/router/choice';

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
          <th>Request</th>
          <th>The router chose</th>
          <th>Your label</th>
          {/* Named for screen readers (axe's empty-table-header): the column's buttons say what they do. */}
          <th>
            <span class="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        <For
          each={props.items}
          fallback={
            <tr>
              <td colSpan={4} class="note">
                Nothing to arbitrate: the router has been sure of every request so far.
              </td>
            </tr>
          }
        >
          {(item) => {
            let select: HTMLSelectElement | undefined;
            return (
              <tr data-testid="arbitration-item" data-status={item.status}>
                <td>{item.query}</td>
                <td data-label="The router chose">
                  {item.routed.label} ({item.routed.confidence.toFixed(2)})
                </td>
                <td data-label="Your label">
                  <Show
                    when={item.status === 'pending'}
                    fallback={
                      <span data-testid="arbitration-label">
                        {item.label} <span class="note">by {item.by}</span>
                      </span>
                    }
                  >
                    <select
                      ref={select}
                      class="field"
                      aria-label={`The right choice for “${item.query}”`}
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
                      Label
                    </button>
                  </Show>
                </td>
                <td>
                  <button type="button" class="secondary" onClick={() => props.onForget(item)}>
                    Forget
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
