/**
 * The knowledge base kept in this browser: drop files or a folder in, see each document with its
 * chunks, delete one, search with the matching passages shown, and ask the swarm a question that
 * it answers from these documents with citations (knowledge-ask.tsx: the `ask-knowledge-base`
 * scenario, in the Run view). Document text is untrusted and shown as text only.
 */

import { createResource, createSignal, For, Show } from 'solid-js';
import type { KbResult } from '../../core/kb';
import { t, tParts } from '../i18n/t';
import { formatBytes, formatFixed, formatNumber } from '../model/format';
import { services } from '../services';
import { KnowledgeAsk } from './knowledge-ask';
import { type Message, MessageBanner } from './message-banner';

const ACCEPT = '.txt,.md,.markdown,.rst,.html,.htm,.pdf';

export function KnowledgeView() {
  const [message, setMessage] = createSignal<Message | undefined>();
  const [busy, setBusy] = createSignal<string | undefined>();
  const [results, setResults] = createSignal<readonly KbResult[] | undefined>();
  const [query, setQuery] = createSignal('');
  const [kb] = createResource(async () => {
    try {
      return await services.knowledge();
    } catch (error) {
      setMessage({
        kind: 'error',
        text: t('kb.openFailed', { error: (error as Error).message }),
      });
      return undefined;
    }
  });
  const [usage, { refetch: refetchUsage }] = createResource(async () =>
    navigator.storage?.estimate ? navigator.storage.estimate() : undefined,
  );
  const [version, setVersion] = createSignal(0);
  const changed = () => {
    setVersion((v) => v + 1);
    void refetchUsage();
  };
  const docs = () => {
    version();
    return kb()?.kb().documents() ?? [];
  };
  const storedBytes = () => {
    version();
    return kb()?.bytes() ?? 0;
  };
  const stats = () => {
    version();
    return kb()?.kb().stats();
  };

  /** The repository, waited for: files dropped while it is still opening are not lost. */
  async function repository() {
    try {
      return kb() ?? (await services.knowledge());
    } catch (error) {
      setMessage({
        kind: 'error',
        text: t('kb.openFailed', { error: (error as Error).message }),
      });
      return undefined;
    }
  }

  async function ingest(files: readonly File[]) {
    if (files.length === 0) return;
    const repo = await repository();
    if (!repo) return;
    setMessage(undefined);
    setBusy(t('kb.reading', { n: files.length }));
    try {
      const read = await services.readDocuments(files);
      const skipped = read.skipped.map((s) => `${s.source} (${s.reason})`);
      if (read.documents.length > 0) {
        setBusy(t('kb.embedding', { n: read.documents.length }));
        await repo.add(read.documents);
      }
      changed();
      const added = t('kb.added', { n: read.documents.length });
      setMessage(
        skipped.length > 0
          ? {
              kind: read.documents.length > 0 ? 'note' : 'error',
              text: t('kb.skipped', { added, skipped: skipped.join('; ') }),
            }
          : { kind: 'note', text: added },
      );
    } catch (error) {
      setMessage({ kind: 'error', text: t('kb.addFailed', { error: (error as Error).message }) });
    } finally {
      setBusy(undefined);
    }
  }

  async function remove(id: string, source: string) {
    try {
      await (await repository())?.delete([id]);
      changed();
      setResults(undefined);
      setMessage({ kind: 'note', text: t('kb.deleted', { source }) });
    } catch (error) {
      setMessage({ kind: 'error', text: t('kb.deleteFailed', { source, error: (error as Error).message }) });
    }
  }

  async function search() {
    const repo = await repository();
    const text = query().trim();
    if (!repo || text === '') return;
    if (repo.kb().stats().chunks === 0) {
      setMessage({ kind: 'error', text: t('kb.empty') });
      return;
    }
    try {
      setResults(await repo.kb().search(text, 5));
    } catch (error) {
      setMessage({ kind: 'error', text: t('kb.searchFailed', { error: (error as Error).message }) });
    }
  }

  return (
    <section class="knowledge">
      <h2>{t('kb.heading')}</h2>
      <p class="note">{tParts('kb.about', { em: (c) => <em>{c}</em> })}</p>
      <section
        class="dropzone"
        aria-label={t('kb.drop')}
        data-testid="kb-dropzone"
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => {
          e.preventDefault();
          void ingest([...(e.dataTransfer?.files ?? [])]);
        }}
      >
        <label>
          {t('kb.addFiles')}{' '}
          <input
            type="file"
            multiple
            accept={ACCEPT}
            data-testid="kb-import"
            disabled={busy() !== undefined}
            onChange={(e) => {
              const files = [...(e.currentTarget.files ?? [])];
              e.currentTarget.value = '';
              void ingest(files);
            }}
          />
        </label>
        <label>
          {t('kb.folder')}{' '}
          <input
            type="file"
            data-testid="kb-import-folder"
            disabled={busy() !== undefined}
            {...{ webkitdirectory: true }}
            onChange={(e) => {
              const files = [...(e.currentTarget.files ?? [])].filter((f) =>
                /\.(txt|md|markdown|rst|html?|pdf)$/i.test(f.name),
              );
              e.currentTarget.value = '';
              void ingest(files);
            }}
          />
        </label>
        <span class="note">{t('kb.dropHere')}</span>
      </section>
      <Show when={busy()}>
        <p class="note" role="status" data-testid="kb-busy">
          {busy()}
        </p>
      </Show>
      <MessageBanner message={message()} testid="kb-message" />
      <Show when={stats()}>
        {(s) => (
          <p class="note" data-testid="kb-stats">
            {t('kb.stats', {
              documents: s().documents,
              passages: s().chunks,
              tokens: s().tokens,
              stored: formatBytes(storedBytes()),
            })}
            <Show when={usage()?.usage !== undefined}>
              {' '}
              {t('kb.usage', {
                used: formatBytes(usage()?.usage ?? 0),
                quota: formatBytes(usage()?.quota ?? 0),
              })}
            </Show>
          </p>
        )}
      </Show>
      <Show when={docs().length > 0}>
        <table class="kb-docs">
          <thead>
            <tr>
              <th scope="col">{t('kb.document')}</th>
              <th scope="col">{t('kb.passages')}</th>
              <th scope="col">{t('kb.tokens')}</th>
              <th scope="col">
                <span class="visually-hidden">{t('kb.delete')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            <For each={docs()}>
              {(d) => (
                <tr data-testid="kb-doc-row" data-source={d.source}>
                  <td>{d.source}</td>
                  <td>{d.chunks}</td>
                  <td>{formatNumber(d.tokens)}</td>
                  <td>
                    <button
                      type="button"
                      class="secondary"
                      data-testid="kb-delete"
                      aria-label={t('kb.deleteOne', { source: d.source })}
                      onClick={() => void remove(d.id, d.source)}
                    >
                      {t('kb.delete')}
                    </button>
                  </td>
                </tr>
              )}
            </For>
          </tbody>
        </table>
      </Show>
      <form
        class="kb-search"
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <label>
          {t('kb.search')}{' '}
          <input
            type="search"
            class="field"
            data-testid="kb-query"
            value={query()}
            onInput={(e) => setQuery(e.currentTarget.value)}
            placeholder={t('kb.searchPlaceholder')}
          />
        </label>
        <button type="submit" class="secondary" data-testid="kb-search">
          {t('kb.search')}
        </button>
      </form>
      <Show when={results()}>
        {(found) => (
          <ol class="kb-results">
            <Show when={found().length === 0}>
              <li class="note">{t('kb.nothing')}</li>
            </Show>
            <For each={found()}>
              {(r) => (
                <li data-testid="kb-result" data-source={r.source} data-chunk={r.chunk}>
                  <strong>{t('kb.passage', { source: r.source, chunk: r.chunk })}</strong>{' '}
                  <span class="note">{t('kb.score', { score: formatFixed(r.score, 3) })}</span>
                  <blockquote class="passage">{r.text}</blockquote>
                </li>
              )}
            </For>
          </ol>
        )}
      </Show>
      <KnowledgeAsk passages={stats()?.chunks ?? 0} />
    </section>
  );
}
