import { createResource, createSignal, Show } from 'solid-js';
import {
  type ArbitrationItem,
  arbitrationItem,
  defaultArbitrationThreshold,
  labelItem,
  needsArbitration,
} from '../../core/router/arbitration';
import { t, tParts } from '../i18n/t';
import { formatNumber } from '../model/format';
import { pageRouter } from '../router/page-router';
import { services } from '../services';
import { ArbitrationDownload } from './arbitration-download';
import { ArbitrationQueue } from './arbitration-queue';
import { type Message, MessageBanner } from './message-banner';
import { type RouterAnswer, RouterPlan } from './router-plan';

/**
 * The meta-router in the page: a request in, the team plan out (drawn, with the router's
 * confidence and candidates), and the arbitration queue — requests it was unsure of, kept in
 * IndexedDB, which the user labels; every label retrains the router here.
 */
export function RouterView() {
  const [query, setQuery] = createSignal('');
  const [message, setMessage] = createSignal<Message | undefined>();
  const [answer, setAnswer] = createSignal<RouterAnswer | undefined>();
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
      <Show when={answer()}>{(a) => <RouterPlan answer={a()} />}</Show>
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
      <ArbitrationDownload labelled={labelled()} onMessage={setMessage} />
    </section>
  );
}
