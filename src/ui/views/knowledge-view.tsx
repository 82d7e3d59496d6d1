/**
 * The knowledge base kept in this browser: drop files or a folder in, see each document with its
 * chunks, delete one, search with the matching passages shown, and ask the swarm a question that
 * it answers from these documents with citations (knowledge-ask.tsx: the `ask-knowledge-base`
 * scenario, in the Run view). Document text is untrusted and shown as text only.
 */

import { createResource, createSignal, For, Show } from 'solid-js';
import type { KbResult } from '../../core/kb';
import { services } from '../services';
import { KnowledgeAsk } from './knowledge-ask';
import { type Message, MessageBanner } from './message-banner';

const ACCEPT = '.txt,.md,.markdown,.rst,.html,.htm,.pdf';

const count = (n: number, noun: string) => `${n.toLocaleString()} ${noun}${n === 1 ? '' : 's'}`;

const fmtBytes = (n: number) =>
  n < 1024 ? `${n} B` : n < 1024 ** 2 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 ** 2).toFixed(1)} MB`;

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
        text: `The knowledge base could not be opened: ${(error as Error).message}`,
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
        text: `The knowledge base could not be opened: ${(error as Error).message}`,
      });
      return undefined;
    }
  }

  async function ingest(files: readonly File[]) {
    if (files.length === 0) return;
    const repo = await repository();
    if (!repo) return;
    setMessage(undefined);
    setBusy(`Reading ${files.length} file${files.length === 1 ? '' : 's'}…`);
    try {
      const read = await services.readDocuments(files);
      const skipped = read.skipped.map((s) => `${s.source} (${s.reason})`);
      if (read.documents.length > 0) {
        setBusy(
          `Chunking and embedding ${read.documents.length} document${read.documents.length === 1 ? '' : 's'}…`,
        );
        await repo.add(read.documents);
      }
      changed();
      const added = `Added ${read.documents.length} document${read.documents.length === 1 ? '' : 's'}.`;
      setMessage(
        skipped.length > 0
          ? {
              kind: read.documents.length > 0 ? 'note' : 'error',
              text: `${added} Skipped: ${skipped.join('; ')}.`,
            }
          : { kind: 'note', text: added },
      );
    } catch (error) {
      setMessage({ kind: 'error', text: `Nothing was added: ${(error as Error).message}` });
    } finally {
      setBusy(undefined);
    }
  }

  async function remove(id: string, source: string) {
    try {
      await (await repository())?.delete([id]);
      changed();
      setResults(undefined);
      setMessage({ kind: 'note', text: `Deleted ${source}.` });
    } catch (error) {
      setMessage({ kind: 'error', text: `${source} was not deleted: ${(error as Error).message}` });
    }
  }

  async function search() {
    const repo = await repository();
    const text = query().trim();
    if (!repo || text === '') return;
    if (repo.kb().stats().chunks === 0) {
      setMessage({ kind: 'error', text: 'The knowledge base is empty: import documents first.' });
      return;
    }
    try {
      setResults(await repo.kb().search(text, 5));
    } catch (error) {
      setMessage({ kind: 'error', text: `The search failed: ${(error as Error).message}` });
    }
  }

  return (
    <section class="knowledge">
      <h2>Knowledge base</h2>
      <p class="note">
        Your own documents, kept in this browser only (IndexedDB): plain text, Markdown, reStructuredText,
        HTML and PDF. They are cut into passages of about 512 tokens (64 overlapping), embedded, and searched
        by meaning and by words together. The swarm's <em>Ask</em> answers from them with citations.
      </p>
      <section
        class="dropzone"
        aria-label="Add documents: pick files or a folder, or drop them here"
        data-testid="kb-dropzone"
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => {
          e.preventDefault();
          void ingest([...(e.dataTransfer?.files ?? [])]);
        }}
      >
        <label>
          Add files{' '}
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
          or a folder{' '}
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
        <span class="note">or drop them here.</span>
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
            {count(s().documents, 'document')} · {count(s().chunks, 'passage')} · {count(s().tokens, 'token')}{' '}
            · stored {fmtBytes(storedBytes())}
            <Show when={usage()?.usage !== undefined}>
              {' '}
              (this site uses {fmtBytes(usage()?.usage ?? 0)} of {fmtBytes(usage()?.quota ?? 0)} the browser
              allows)
            </Show>
          </p>
        )}
      </Show>
      <Show when={docs().length > 0}>
        <table class="kb-docs">
          <thead>
            <tr>
              <th scope="col">Document</th>
              <th scope="col">Passages</th>
              <th scope="col">Tokens</th>
              <th scope="col">
                <span class="visually-hidden">Delete</span>
              </th>
            </tr>
          </thead>
          <tbody>
            <For each={docs()}>
              {(d) => (
                <tr data-testid="kb-doc-row" data-source={d.source}>
                  <td>{d.source}</td>
                  <td>{d.chunks}</td>
                  <td>{d.tokens.toLocaleString()}</td>
                  <td>
                    <button
                      type="button"
                      class="secondary"
                      data-testid="kb-delete"
                      aria-label={`Delete ${d.source}`}
                      onClick={() => void remove(d.id, d.source)}
                    >
                      Delete
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
          Search{' '}
          <input
            type="search"
            class="field"
            data-testid="kb-query"
            value={query()}
            onInput={(e) => setQuery(e.currentTarget.value)}
            placeholder="What are you looking for?"
          />
        </label>
        <button type="submit" class="secondary" data-testid="kb-search">
          Search
        </button>
      </form>
      <Show when={results()}>
        {(found) => (
          <ol class="kb-results">
            <Show when={found().length === 0}>
              <li class="note">Nothing in the knowledge base matches that.</li>
            </Show>
            <For each={found()}>
              {(r) => (
                <li data-testid="kb-result" data-source={r.source} data-chunk={r.chunk}>
                  <strong>
                    {r.source} · passage {r.chunk}
                  </strong>{' '}
                  <span class="note">score {r.score.toFixed(3)}</span>
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
