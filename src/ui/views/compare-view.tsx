import { createResource, For, Index, Show } from 'solid-js';
import type { TraceEvent, TraceHeader } from '../../core/trace/events';
import { app } from '../app-state';
import { compareRows } from '../model/compare';
import { formatDuration, formatNumber } from '../model/format';
import { measureKindOf } from '../model/quality';
import { foldTrace } from '../model/replay';
import { services } from '../services';
import { TimelineView } from '../timeline/timeline-view';

interface Loaded {
  readonly id: string;
  readonly header: TraceHeader;
  readonly events: readonly TraceEvent[];
  readonly metrics: Readonly<Record<string, number>> | undefined;
}

const fmt = (x: number | undefined, metric: string) =>
  x === undefined ? '—' : metric === 'wallClockMs' ? formatDuration(x) : formatNumber(x);

/** Two or more stored runs side by side: the metrics with ratios to the first, the timelines stacked. */
export function CompareView() {
  const [runs] = createResource(
    () => app.state().runs.join(','),
    async (): Promise<Loaded[]> => {
      const store = await services.store();
      const out: Loaded[] = [];
      for (const id of app.state().runs) {
        const trace = await store.get(id);
        if (!trace) continue;
        const end = trace.events.find((e) => e.type === 'run.finished');
        out.push({
          id,
          header: trace.header,
          events: trace.events,
          metrics: end?.type === 'run.finished' ? end.metrics : undefined,
        });
      }
      return out;
    },
  );
  const maxT = () => Math.max(1, ...(runs() ?? []).map((r) => r.events[r.events.length - 1]?.t ?? 0));
  const title = (r: Loaded) => `${r.header.policy} · ${r.header.scenario.id} · seed ${r.header.seed}`;
  return (
    <section>
      <Show
        when={(runs() ?? []).length >= 2}
        fallback={
          <p class="note" data-testid="compare-empty">
            Pick two or more runs in the Library (tick them, then “Compare selected”), or press “Compare with
            a single agent” in the Run view.
            <Show when={app.state().runs.length > (runs()?.length ?? 0)}>
              {' '}
              Some runs in the link are not in this browser's library.
            </Show>
          </p>
        }
      >
        {/* The view's own heading, so the runs' timelines below (h3) sit under it, not under the
            page's h1 (axe's heading-order). */}
        <h2 class="view-heading">{(runs() ?? []).length} runs compared, the first the baseline</h2>
        <table class="data" data-testid="compare-table">
          <thead>
            <tr>
              <th>Metric</th>
              <For each={runs()}>{(r, i) => <th>{i() === 0 ? `${title(r)} (baseline)` : title(r)}</th>}</For>
            </tr>
          </thead>
          <tbody>
            <For
              each={compareRows(
                (runs() ?? []).map((r) => r.metrics),
                (runs() ?? []).map((r) => measureKindOf(r.header)),
              )}
            >
              {(row) => (
                <tr data-testid="compare-row" data-metric={row.metric}>
                  <td>
                    {row.label}{' '}
                    <span class="note">
                      {row.better ? `(${row.better} is better)` : '(neither way is better)'}
                    </span>
                    <Show when={row.note}>
                      <div class="note" data-testid="compare-row-note">
                        {row.note}
                      </div>
                    </Show>
                  </td>
                  <Index each={row.values}>
                    {(value, i) => (
                      <td data-value={value() ?? ''}>
                        {fmt(value(), row.metric)}
                        <Show when={i > 0 && row.ratios[i - 1] !== undefined}>
                          <span class="note"> ({(row.ratios[i - 1] as number).toFixed(2)}×)</span>
                        </Show>
                      </td>
                    )}
                  </Index>
                </tr>
              )}
            </For>
          </tbody>
        </table>
        <For each={runs()}>
          {(r) => (
            <div class="figure">
              <h3>{title(r)}</h3>
              <TimelineView
                snapshot={foldTrace(r.events, Number.POSITIVE_INFINITY, r.header.mainStepCost)}
                maxT={maxT()}
                compact
              />
            </div>
          )}
        </For>
      </Show>
    </section>
  );
}
