import { For, Show } from 'solid-js';
import { incidentWhat } from '../i18n/evidence-words';
import { t } from '../i18n/t';
import { say } from '../i18n/words';
import type { RunSnapshot } from '../model/replay';

/**
 * What the self-healing loop saw and did, in words beside the timeline's marks: each fault a
 * chaos run put in, each anomaly with its evidence, each action with its reason, in step order.
 */
/** "1 fault", "2 faults". */

export function IncidentsView(props: { snapshot: RunSnapshot }) {
  const count = (type: 'fault' | 'anomaly' | 'action', name?: string) =>
    props.snapshot.incidents.filter((i) => i.type === type && (name === undefined || i.name === name)).length;
  return (
    <Show when={props.snapshot.incidents.length > 0}>
      <div class="figure" data-testid="incidents">
        <h3>
          {t('incidents.heading', {
            faults: count('fault'),
            anomalies: count('anomaly'),
            quarantined: count('action', 'quarantine'),
            replaced: count('action', 'replace'),
          })}
        </h3>
        <table class="data">
          <thead>
            <tr>
              <th>{t('incidents.step')}</th>
              <th>{t('incidents.agent')}</th>
              <th>{t('incidents.task')}</th>
              <th>{t('incidents.what')}</th>
              <th>{t('incidents.evidence')}</th>
            </tr>
          </thead>
          <tbody>
            <For each={props.snapshot.incidents}>
              {(i) => (
                <tr data-testid="incident-row" data-kind={i.type} data-name={i.name}>
                  <td>{i.t}</td>
                  <td>{i.subagent}</td>
                  <td>{i.task ? `${i.task}${i.attempt ? ` #${i.attempt}` : ''}` : '—'}</td>
                  <td>
                    {incidentWhat(i.type)}: <strong>{i.name}</strong>
                  </td>
                  <td>{say(i.detail)}</td>
                </tr>
              )}
            </For>
          </tbody>
        </table>
      </div>
    </Show>
  );
}
