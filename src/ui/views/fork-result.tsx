import { For, Show } from 'solid-js';
import type { TraceHeader } from '../../core/trace/header';
import { type MessageId, t } from '../i18n/t';
import { formatFixed, formatNumber } from '../model/format';
import type { ForkOutcome } from '../run/fork-stored-run';
import { ForkDrawings } from './fork-drawings';

const METRICS = [
  ['criticalSteps', 'fork.metricCritical'],
  ['cost', 'fork.metricCost'],
  ['itemF1', 'fork.metricQuality'],
  ['reward', 'fork.metricReward'],
] as const satisfies readonly (readonly [string, MessageId])[];

const fmt = (x: number | undefined) =>
  x === undefined ? '—' : Number.isInteger(x) ? formatNumber(x) : formatFixed(x, 4);

/** A fork's outcome: the two runs drawn side by side, why their rewards differ or not, their metrics. */
export function ForkResult(props: { header: TraceHeader; outcome: ForkOutcome }) {
  const o = () => props.outcome;
  return (
    <div data-testid="fork-result" role="status">
      <p class="note">{t('fork.prefix', { events: o().prefixEvents, at: o().at, policy: o().policy })}</p>
      <p class="note" data-testid="fork-difference">
        {o().difference ? t('fork.firstDiff', { difference: o().difference ?? '' }) : t('fork.same')}
      </p>
      <ForkDrawings
        original={{
          title: t('fork.originalTitle', { policy: props.header.policy }),
          side: 'original',
          events: o().originalEvents,
        }}
        fork={{
          title: t('fork.forkTitle', { policy: o().policy, at: o().at }),
          side: 'fork',
          events: o().forkEvents,
        }}
        mainStepCost={props.header.mainStepCost}
        prefixEvents={o().prefixEvents}
        firstDifference={o().firstDifference}
      />
      <p class="note" data-testid="fork-why">
        {o().why}
      </p>
      <table class="data">
        <thead>
          <tr>
            <th scope="col">{t('fork.metric')}</th>
            <th scope="col">{t('fork.asRun', { policy: props.header.policy })}</th>
            <th scope="col">{t('fork.forkTitle', { policy: o().policy, at: o().at })}</th>
          </tr>
        </thead>
        <tbody>
          <For each={METRICS}>
            {([key, label]) => (
              <tr data-testid="fork-row" data-metric={key}>
                <td>{t(label)}</td>
                <td>{fmt(o().original[key])}</td>
                <td>{fmt(o().fork[key])}</td>
              </tr>
            )}
          </For>
        </tbody>
      </table>
      <Show when={o().quarantinedAfter > 0}>
        <p class="note" data-testid="fork-healing">
          {t('fork.healing', { n: o().quarantinedAfter, at: o().at })}
        </p>
      </Show>
    </div>
  );
}
