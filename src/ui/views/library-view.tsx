import { createResource, createSignal, For, Show } from 'solid-js';
import { t } from '../i18n/t';
import { services } from '../services';
import { type Importing, ImportProgressNote, importRunFile } from './library-import';
import { LibraryRow } from './library-row';
import { LibraryToolbar } from './library-toolbar';
import { MessageBanner } from './message-banner';

/** Every run kept in this browser: filter, open, compare, download, import, delete. */
export function LibraryView() {
  const [filter, setFilter] = createSignal('');
  const [message, setMessage] = createSignal<{ kind: 'error' | 'note'; text: string } | undefined>();
  const [selected, setSelected] = createSignal<readonly string[]>([]);
  const [runs, { refetch }] = createResource(filter, async (text) =>
    (await services.store()).list(text ? { text } : {}),
  );
  const [usage, { refetch: refetchUsage }] = createResource(async () => (await services.store()).usage());
  // How many analyses (the Run view's "Ask a model about this run") each listed run keeps.
  const [analysed] = createResource(runs, async () => (await services.analyses()).counts());
  const refresh = () => {
    void refetch();
    void refetchUsage();
  };

  const [importing, setImporting] = createSignal<Importing | undefined>();

  async function importFile(input: HTMLInputElement) {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setImporting({ file: file.name });
    try {
      await importRunFile(file, (progress) => setImporting({ file: file.name, progress }));
      setMessage({ kind: 'note', text: t('library.imported', { file: file.name }) });
      refresh();
    } catch (error) {
      setMessage({
        kind: 'error',
        text: t('library.notImported', { file: file.name, error: (error as Error).message }),
      });
    } finally {
      setImporting(undefined);
    }
  }

  async function remove(id: string) {
    try {
      await (await services.store()).delete(id);
      // Its analyses (the Run view's "Ask a model about this run") go with it.
      await (await services.analyses()).forget(id);
      setSelected((s) => s.filter((x) => x !== id));
      refresh();
    } catch (error) {
      setMessage({ kind: 'error', text: t('library.deleteFailed', { error: (error as Error).message }) });
    }
  }

  const toggle = (id: string) =>
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  return (
    <section>
      <LibraryToolbar
        selected={selected()}
        usage={usage()}
        onFilter={setFilter}
        onImport={(input) => void importFile(input)}
        exported={async () => {
          const store = await services.store();
          // The selected runs, or every run the filter shows when none is selected.
          const ids = selected().length > 0 ? selected() : (runs() ?? []).map((r) => r.id);
          return Promise.all(ids.map((id) => store.get(id)));
        }}
      />
      <ImportProgressNote importing={importing()} />
      <MessageBanner message={message()} testid="library-message" />
      <Show when={runs.error}>
        <div class="error" role="alert">
          {t('library.unreadable', { error: (runs.error as Error).message })}
        </div>
      </Show>
      <table class="data stack">
        <LibraryHead />
        <tbody>
          <For
            each={runs() ?? []}
            fallback={
              <tr>
                <td colSpan={9} class="note">
                  {filter().trim() ? t('library.noMatch', { filter: filter().trim() }) : t('library.empty')}
                </td>
              </tr>
            }
          >
            {(run) => (
              <LibraryRow
                run={run}
                selected={selected().includes(run.id)}
                analyses={analysed()?.get(run.id)}
                onToggle={() => toggle(run.id)}
                onDelete={() => void remove(run.id)}
                onMessage={setMessage}
              />
            )}
          </For>
        </tbody>
      </table>
      <p class="note">{t('library.perfetto')}</p>
    </section>
  );
}

function LibraryHead() {
  return (
    <thead>
      <tr>
        <th>{t('library.run')}</th>
        <th>{t('library.scenario')}</th>
        <th>{t('library.policy')}</th>
        <th>{t('library.seed')}</th>
        <th>{t('library.status')}</th>
        <th>{t('library.critical')}</th>
        <th>{t('library.quality')}</th>
        <th>{t('library.events')}</th>
        {/* Named for screen readers (axe's empty-table-header): the column's buttons say what they do. */}
        <th>
          <span class="visually-hidden">{t('library.actions')}</span>
        </th>
      </tr>
    </thead>
  );
}
