import { For, Show } from 'solid-js';
import type { MetricCard } from '../model/metric-cards';

export function MetricCards(props: { cards: readonly MetricCard[] }) {
  return (
    <div class="cards">
      <For each={props.cards}>
        {(card) => (
          <div class="metric" classList={{ warn: card.warn !== undefined }} data-testid={`metric-${card.id}`}>
            <div class="label">{card.label}</div>
            <div class="value">{card.value}</div>
            <div class="detail">{card.detail}</div>
            <Show when={card.warn}>
              <div class="warning" role="status">
                {card.warn}
              </div>
            </Show>
          </div>
        )}
      </For>
    </div>
  );
}
