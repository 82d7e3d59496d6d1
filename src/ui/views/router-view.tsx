import { createResource, createSignal, For, Show } from 'solid-js';
import {
  type ArbitrationItem,
  arbitrationItem,
  defaultArbitrationThreshold,
  labelItem,
  needsArbitration,
} from '../../core/router/arbitration';
import { choiceLabel, type Topology } from '../../core/router/choice';
import { policyForPlan, type TeamPlan } from '../../core/router/plan';
import type { Route } from '../../core/router/router';
import { formationsOf } from '../../core/run/formations';
import { app } from '../app-state';
import { ASK_KNOWLEDGE_BASE, findScenario } from '../catalog';
import { type MessageId, t, tParts } from '../i18n/t';
import { formatFixed, formatNumber } from '../model/format';
import { ownRequestGrading } from '../model/quality';
import { confidenceNote } from '../router/confidence-note';
import { pageRouter } from '../router/page-router';
import { session } from '../run/session';
import { services } from '../services';
import { ArbitrationQueue } from './arbitration-queue';
import { type Message, MessageBanner } from './message-banner';
import { setRouted } from './no-run-hint';
import { capitalize, isKnowledgeBase, ownRequestPolicy, realModel, sampleRun, teamWords } from './router-run';
import { TeamPicture } from './team-picture';

const formation: Readonly<Record<Topology, MessageId>> = {
  single: 'router.single',
  swarm: 'router.swarm',
  peers: 'router.peers',
};

/** What runs the plan here: the workflow's scenario under the formation's policy, or why not. */
function runnable(plan: TeamPlan, route: Route): { scenario: string; policy: string } | string {
  // A question for the knowledge base is asked of the user's own documents, as the Knowledge view
  // asks it: the request itself is the question.
  const kb = findScenario(ASK_KNOWLEDGE_BASE);
  const id = kb?.type === 'task' && kb.spec.kind === route.workflow ? kb.id : route.workflow;
  const entry = findScenario(id);
  if (!entry) return t('router.noScenario', { workflow: route.workflow });
  const policy = policyForPlan[plan.topology];
  // With a real model, any workflow's own request can be run by peers (core/run/request-plan.ts).
  const own = realModel() !== undefined && !isKnowledgeBase(id);
  if (
    !own &&
    policy === 'peers' &&
    !(entry.type === 'task' && formationsOf(entry.spec.kind).includes('peers'))
  ) {
    return t('router.noPeers', { workflow: route.workflow });
  }
  return { scenario: id, policy };
}

/**
 * The meta-router in the page: a request in, the team plan out (drawn, with the router's
 * confidence and candidates), and the arbitration queue — requests it was unsure of, kept in
 * IndexedDB, which the user labels; every label retrains the router here.
 */
export function RouterView() {
  const [query, setQuery] = createSignal('');
  const [message, setMessage] = createSignal<Message | undefined>();
  const [answer, setAnswer] = createSignal<
    { request: string; route: Route; plan: TeamPlan; queued: boolean; asked: number } | undefined
  >();
  const [queue, { refetch }] = createResource(async () => (await services.arbitration()).list());
  const [router] = createResource(
    () => queue()?.items,
    (items) => pageRouter(items),
  );
  const pending = () => (queue()?.items ?? []).filter((i) => i.status === 'pending');
  const labelled = () => (queue()?.items ?? []).filter((i) => i.status === 'labelled');

  async function ask(event: Event) {
    event.preventDefault();
    const text = query().trim();
    setMessage(undefined);
    if (!text) {
      setMessage({ kind: 'error', text: t('router.writeFirst') });
      return;
    }
    const r = router();
    if (!r) return;
    const { route, plan } = await r.route(text);
    let queued = false;
    if (needsArbitration(route)) {
      queued = await (await services.arbitration()).add(arbitrationItem(text, route, Date.now()));
      void refetch();
    }
    setAnswer({ request: text, route, plan, queued, asked: (answer()?.asked ?? 0) + 1 });
  }

  async function label(item: ArbitrationItem, value: string) {
    const result = labelItem(item, value, 'user', Date.now());
    if (!result.ok) {
      setMessage({ kind: 'error', text: result.message });
      return;
    }
    await (await services.arbitration()).put(result.item);
    setMessage({
      kind: 'note',
      text: t('router.labelled', { query: item.query, label: result.item.label ?? '' }),
    });
    void refetch();
  }

  async function forget(item: ArbitrationItem) {
    await (await services.arbitration()).delete(item.id);
    void refetch();
  }

  async function downloadSft() {
    const [{ buildDataset, defaultDatasetOptions }, { datasetFiles }] = await Promise.all([
      import('../../core/datasets/build'),
      import('../../core/datasets/files'),
    ]);
    const result = buildDataset(
      { traces: [], arbitrated: labelled() },
      { ...defaultDatasetOptions, format: 'sft', kinds: ['plans'], valFraction: 0 },
    );
    if (!result.ok) {
      setMessage({ kind: 'error', text: t('router.noDataset', { reason: result.reason }) });
      return;
    }
    const base = 'swarmflight-arbitrated-plans';
    const files = datasetFiles(result, base);
    // One click, one file: the rows and their card in one zip.
    services.downloadFiles(`${base}.zip`, [
      { name: files.train.name, text: files.train.text, type: 'application/x-ndjson' },
      { name: files.card.name, text: files.card.text, type: 'text/markdown' },
    ]);
  }

  return (
    <section class="router-view">
      <p class="lede">
        {tParts('router.lede', {
          threshold: formatNumber(defaultArbitrationThreshold),
          strong: (c) => <strong>{c}</strong>,
        })}
      </p>
      <form class="actions" onSubmit={(e) => void ask(e)}>
        <input
          type="text"
          class="field router-query"
          aria-label={t('router.queryLabel')}
          placeholder={t('router.queryPlaceholder')}
          data-testid="router-query"
          value={query()}
          onInput={(e) => setQuery(e.currentTarget.value)}
        />
        <button type="submit" class="primary" data-testid="route-button" disabled={!router()}>
          {t('router.plan')}
        </button>
        <span class="note" data-testid="router-trained-on">
          <Show
            when={router()}
            fallback={
              router.error ? t('router.failed', { error: router.error.message }) : t('router.training')
            }
          >
            {(r) => (
              <>
                {t('router.trainedOn', {
                  shipped: r().trainedOn.shipped,
                  arbitrated: r().trainedOn.arbitrated,
                })}
              </>
            )}
          </Show>
        </span>
      </form>
      <MessageBanner message={message()} testid="router-message" />
      <Show when={answer()}>
        {(a) => {
          const run = () => runnable(a().plan, a().route);
          return (
            <article
              class="panel router-plan"
              data-testid="router-plan"
              data-topology={a().plan.topology}
              // How many answers were given: a second answer is told from the first.
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
              <Show
                when={typeof run() !== 'string' && (run() as { scenario: string; policy: string })}
                fallback={<p class="note">{run() as string}</p>}
              >
                {(r) => (
                  <Show when={!isKnowledgeBase(r().scenario) && realModel()} fallback={sampleRun(a(), r())}>
                    {(model) => (
                      <>
                        <p class="note" data-testid="router-own">
                          {t('router.own', {
                            model: capitalize(model()),
                            team: teamWords(a().plan),
                            grading: ownRequestGrading(a().route.workflow),
                          })}
                        </p>
                        <button
                          type="button"
                          class="primary"
                          data-testid="router-run-own"
                          onClick={() => {
                            setRouted({ request: a().request, scenario: r().scenario });
                            app.update({
                              view: 'run',
                              scenario: r().scenario,
                              policy: ownRequestPolicy[a().plan.topology],
                              size: 0,
                              runs: [],
                              ask: a().request,
                              team: a().plan.workers,
                              lead: a().plan.manager_role ?? '',
                            });
                            // "Run your request" runs it: it opened an idle Run view before.
                            void session.start();
                          }}
                        >
                          {t('router.runOwn', {
                            model: model(),
                            policy: ownRequestPolicy[a().plan.topology],
                          })}
                        </button>
                      </>
                    )}
                  </Show>
                )}
              </Show>
            </article>
          );
        }}
      </Show>
      <h2>{t('router.queue')}</h2>
      <Show when={(queue()?.unreadable ?? 0) > 0}>
        <p class="error" role="alert">
          {t('router.unreadable', { n: queue()?.unreadable ?? 0 })}
        </p>
      </Show>
      <p class="note" data-testid="arbitration-counts">
        {t('router.counts', { pending: pending().length, labelled: labelled().length })}
      </p>
      <ArbitrationQueue
        items={[...pending(), ...labelled()]}
        onLabel={(item, value) => void label(item, value)}
        onForget={(item) => void forget(item)}
      />
      <div class="actions">
        <button
          type="button"
          class="secondary"
          data-testid="arbitration-sft"
          disabled={labelled().length === 0}
          title={t('router.sftTitle')}
          onClick={() => void downloadSft()}
        >
          {t('router.sft')}
        </button>
      </div>
    </section>
  );
}
