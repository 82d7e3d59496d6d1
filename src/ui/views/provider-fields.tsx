import { For } from 'solid-js';
import type { ProviderDescriptor, ProviderField } from '../../core/providers/descriptor';
import { app } from '../app-state';
import type { AppState } from '../url-state';

/**
 * A provider's fields as the page's inputs, for a provider whose folder has no panel of its own:
 * one input per field its provider.ts declares, kept in the link under the field's key (or `pf`),
 * checked with the rest of the request when a run starts (core/providers/descriptor.ts).
 */
export function ProviderFields(props: { provider: ProviderDescriptor }) {
  const entries = () => Object.entries(props.provider.fields);
  const shownValue = (name: string, field: ProviderField): string => {
    const s = app.state();
    const raw = field.link ? (s as unknown as Record<string, unknown>)[field.link] : s.pf[name];
    return raw === undefined ? '' : String(raw);
  };
  const set = (name: string, field: ProviderField, value: string) => {
    if (field.link)
      app.update({ [field.link]: field.type === 'whole' ? Number(value) : value } as Partial<AppState>);
    else app.update({ pf: { ...app.state().pf, [name]: value } });
  };
  return (
    <div class="form provider-fields">
      <For each={entries()}>
        {([name, field]) => (
          <label>
            {field.label}
            <input
              data-testid={`provider-field-${props.provider.id}-${name}`}
              type={field.type === 'whole' ? 'number' : field.type === 'url' ? 'url' : 'text'}
              value={shownValue(name, field)}
              title={field.help}
              onChange={(e) => set(name, field, (e.currentTarget as HTMLInputElement).value)}
            />
          </label>
        )}
      </For>
    </div>
  );
}
