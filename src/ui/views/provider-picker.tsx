import { type Component, For, Show } from 'solid-js';
import { Dynamic } from 'solid-js/web';
import type { ProviderDescriptor } from '../../core/providers/descriptor';
import { SIMULATED } from '../../core/trace/simulated-id';
import { PROVIDERS, providerOf } from '../../providers/registry';
import { app } from '../app-state';
import { findScenario } from '../catalog';
import { providerLabel } from '../i18n/provider-words';
import { t } from '../i18n/t';
import { ProviderFields } from './provider-fields';

/**
 * A provider folder's own panel (src/providers/<id>/panel.tsx), when its fields' inputs are not
 * enough (WebLLM's GPU check and load, an endpoint's key and test): found by the folder's name.
 */
const panels = import.meta.glob<{ Panel: Component; status?: () => string }>('../../providers/*/panel.tsx', {
  eager: true,
});
const panelOf = (id: string) => panels[`../../providers/${id}/panel.tsx`];

const text = (event: Event) => (event.currentTarget as HTMLInputElement).value;

/** What the status line says of a provider without a panel of its own. */
function plainStatus(p: ProviderDescriptor): string {
  if (p.id === SIMULATED) return t('provider.readySimulated');
  return t('provider.ready', { label: providerLabel(p) });
}

/**
 * The model provider, from the registry (src/providers/registry.ts), and what it needs before a
 * run: its panel, or the inputs of the fields its provider.ts declares. The status line says
 * whether it can run here and, if not, why and what to do.
 */
export function ProviderPicker() {
  const s = () => app.state();
  const chosen = () => providerOf(s().provider);
  const graph = () => findScenario(s().scenario)?.type === 'graph';
  return (
    <div class="form provider">
      <label>
        {t('provider.label')}
        <select
          data-testid="provider-select"
          value={s().provider}
          onChange={(e) => app.update({ provider: text(e) })}
        >
          <For each={PROVIDERS}>{(p) => <option value={p.id}>{providerLabel(p)}</option>}</For>
        </select>
      </label>
      <p class="note" data-testid="provider-status" role="status">
        {panelOf(s().provider)?.status?.() ?? (chosen() ? plainStatus(chosen() as ProviderDescriptor) : '')}
        <Show when={graph() && s().provider !== SIMULATED}> {t('provider.graph')}</Show>
      </p>
      <Show when={chosen()} keyed>
        {(p) => {
          const own = panelOf(p.id);
          return own ? <Dynamic component={own.Panel} /> : <ProviderFields provider={p} />;
        }}
      </Show>
    </div>
  );
}
