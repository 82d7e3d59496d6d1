import { For, Show } from 'solid-js';
import { defaultArbitrationThreshold, needsArbitration } from '../../core/router/arbitration';
import { choiceLabel, type Topology } from '../../core/router/choice';
import type { TeamPlan } from '../../core/router/plan';
import type { Route } from '../../core/router/router';
import { type MessageId, t } from '../i18n/t';
import { formatFixed } from '../model/format';
import { confidenceNote } from '../router/confidence-note';
import { PlanRun } from './router-run';
import { TeamPicture } from './team-picture';

/** The router's answer to a request, and whether it joined the arbitration queue. */
export interface RouterAnswer {
  readonly request: string;
  readonly route: Route;
  readonly plan: TeamPlan;
  readonly queued: boolean;
  /** How many answers were given: a second answer is told from the first. */
  readonly asked: number;
}

const formation: Readonly<Record<Topology, MessageId>> = {
  single: 'router.single',
  swarm: 'router.swarm',
  peers: 'router.peers',
};

/** The team plan for a request: drawn, with the router's confidence and candidates, and its run. */
export function RouterPlan(props: { answer: RouterAnswer }) {
  const a = () => props.answer;
  return (
    <article
      class="panel router-plan"
      data-testid="router-plan"
      data-topology={a().plan.topology}
      data-asked={a().asked}
    >
      <h2>
        {t(formation[a().plan.topology])} · {a().route.workflow}
      </h2>
      <TeamPicture plan={a().plan} />
      <p>{a().plan.thought}</p>
      <p>
        {t('router.confidence')}{' '}
        <meter min={0} max={1} low={defaultArbitrationThreshold} value={a().route.confidence} />{' '}
        <span data-testid="router-confidence">{formatFixed(a().route.confidence, 2)}</span>{' '}
        {t('router.fromSource', { source: a().route.source })}{' '}
        <Show when={needsArbitration(a().route)}>
          <strong data-testid="router-unsure">
            {a().queued ? t('router.unsureAdded') : t('router.unsureQueued')}
          </strong>
        </Show>
      </p>
      <ul class="candidates" aria-label={t('router.candidates')}>
        <For each={a().route.candidates}>
          {(c) => (
            <li
              style={{
                background: `linear-gradient(to right, var(--bar) ${(c.p * 100).toFixed(1)}%, transparent 0)`,
              }}
            >
              {choiceLabel(c)} {formatFixed(c.p, 2)}
            </li>
          )}
        </For>
      </ul>
      <Show when={confidenceNote(a().route)}>
        {(note) => (
          <p class="note" data-testid="router-confidence-note">
            {note()}
          </p>
        )}
      </Show>
      <details>
        <summary>{t('router.json')}</summary>
        <pre class="mono" data-testid="router-plan-json">
          {JSON.stringify(a().plan, null, 2)}
        </pre>
      </details>
      <PlanRun request={a().request} route={a().route} plan={a().plan} />
    </article>
  );
}
