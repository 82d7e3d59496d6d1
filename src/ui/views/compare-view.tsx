import { createResource, For, Index, Show } from 'solid-js';
import { readMetrics } from '../../core/trace/cost-alias';
import type { TraceEvent } from '../../core/trace/events';
import type { TraceHeader } from '../../core/trace/header';
import { app } from '../app-state';
import { t } from '../i18n/t';
import { type Said, say } from '../i18n/words';
import { compareRows } from '../model/compare';
import { placeRuns, policyLabel } from '../model/compare-picks';
import { formatDuration, formatFixed, formatNumber } from '../model/format';
import { measureKindOf } from '../model/quality';
import { foldTrace } from '../model/replay';
import { comparisons, loadProblem } from '../run/compare-runs';
import { services } from '../services';
import { TimelineView } from '../timeline/timeline-view';
import { ComparePicker } from './compare-picker';

interface Loaded {
  readonly id: string;
  readonly header: TraceHeader;
  readonly events: readonly TraceEvent[];
  readonly metrics: Readonly<Record<string, number>> | undefined;
}

const fmt = (x: number | undefined, metric: string) =>
  x === undefined ? '—' : metric === 'wallClockMs' ? formatDuration(x) : formatNumber(x);

/**
 * The picker (compare-picker.tsx), then two or more stored runs side by side: the metrics with
 * ratios to the first, the timelines stacked, a picked policy that could not run its message in
 * its place.
 */
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
          metrics: end?.type === 'run.finished' ? readMetrics(end.metrics) : undefined,
        });
      }
      return out;
    },
  );
  // Why each picked policy has no run: the comparison's own words while it is this page's, else
  // (a link reopened) the policy loaded again, as a run would load it.
  const [problems] = createResource(
    () => ({ state: app.state(), runs: runs() ?? [], c: comparisons.current() }),
    async ({ state, runs: loaded, c }) => {
      const out = new Map<string, Said>();
      const mine = c && c.scenario === state.scenario && c.seed === state.seed ? c : undefined;
      for (const policy of state.policies) {
        if (loaded.some((r) => r.header.policy === policy)) continue;
        const said = mine?.picks.find((p) => p.policy === policy);
        if (said?.state === 'failed') out.set(policy, said.message);
        else if (!said) {
          const problem = await loadProblem(policy, state);
          if (problem !== undefined) out.set(policy, problem);
        }
      }
      return out;
    },
  );
  // Only the runs of this scenario and seed are the picks' runs; a Library comparison is kept whole.
  const placed = () =>
    placeRuns(
      (runs() ?? []).every(
        (r) => r.header.scenario.id === app.state().scenario && r.header.seed === app.state().seed,
      )
        ? app.state().policies
        : [],
      runs() ?? [],
      (r) => r.header.policy,
      (policy) => problems()?.get(policy),
    );
  const maxT = () => Math.max(1, ...(runs() ?? []).map((r) => r.events[r.events.length - 1]?.t ?? 0));
  const title = (r: Loaded) =>
    t('compare.runTitle', { policy: r.header.policy, scenario: r.header.scenario.id, seed: r.header.seed });
  // The runs as compared: in the picks' order, the first the baseline.
  const compared = () => placed().flatMap((p) => ('run' in p ? [p.run] : []));
  const shown = () => compared().length;
  return (
    <section>
      <ComparePicker />
      <Show
        when={shown() >= 2}
        fallback={
          <p class="note" data-testid="compare-empty">
            {t('compare.empty')}
            <Show when={app.state().runs.length > (runs()?.length ?? 0)}> {t('compare.missingRuns')}</Show>
          </p>
        }
      >
        {/* The view's own heading, so the runs' timelines below (h3) sit under it, not under the
            page's h1 (axe's heading-order). */}
        <h2 class="view-heading">{t('compare.heading', { n: shown() })}</h2>
        <table class="data" data-testid="compare-table">
          <thead>
            <tr>
              <th>{t('compare.metric')}</th>
              <For each={compared()}>
                {(r, i) => <th>{i() === 0 ? t('compare.baseline', { title: title(r) }) : title(r)}</th>}
              </For>
            </tr>
          </thead>
          <tbody>
            <For
              each={compareRows(
                compared().map((r) => r.metrics),
                compared().map((r) => measureKindOf(r.header)),
              )}
            >
              {(row) => (
                <tr data-testid="compare-row" data-metric={row.metric}>
                  <td>
                    {row.label}{' '}
                    <span class="note">
                      {row.better ? t('compare.better', { better: row.better }) : t('compare.neither')}
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
                          <span class="note"> ({formatFixed(row.ratios[i - 1] as number, 2)}×)</span>
                        </Show>
                      </td>
                    )}
                  </Index>
                </tr>
              )}
            </For>
          </tbody>
        </table>
        <For each={placed()}>
          {(p) =>
            'run' in p ? (
              <div class="figure" data-testid="compare-figure" data-policy={p.policy}>
                <h3>{title(p.run)}</h3>
                <TimelineView
                  snapshot={foldTrace(p.run.events, Number.POSITIVE_INFINITY, p.run.header.mainStepCost)}
                  maxT={maxT()}
                  compact
                />
              </div>
            ) : (
              <div class="figure" data-testid="compare-failed" data-policy={p.policy}>
                <h3>{t('compare.notRun', { policy: policyLabel(p.policy) })}</h3>
                <p class="note warning">{say(p.message)}</p>
              </div>
            )
          }
        </For>
      </Show>
      {/* With fewer than two runs, a policy that could not run still says why. */}
      <Show when={shown() < 2}>
        <For each={placed().filter((p) => 'message' in p)}>
          {(p) => (
            <p class="note warning" data-testid="compare-failed" data-policy={p.policy}>
              {t('compare.failedPick', {
                policy: policyLabel(p.policy),
                message: 'message' in p ? say(p.message) : '',
              })}
            </p>
          )}
        </For>
      </Show>
    </section>
  );
}
