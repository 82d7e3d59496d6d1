import { app } from '../app-state';
import { PROVIDERS } from '../url-state';

const labels: Record<(typeof PROVIDERS)[number], string> = {
  simulated: 'Simulated (seeded, offline)',
  webllm: 'WebLLM (in-browser, WebGPU)',
  openai: 'OpenAI-compatible endpoint',
};

/** The model provider; its status line says whether it can run here and, if not, what to do. */
export function ProviderPicker() {
  const status = () =>
    app.state().provider === 'simulated'
      ? 'Ready: a seeded simulated model, nothing to download.'
      : `Not available in this build yet: the ${labels[app.state().provider]} provider is still being built. Choose the simulated provider to run now.`;
  return (
    <label>
      Model provider
      <select
        data-testid="provider-select"
        value={app.state().provider}
        onChange={(e) => app.update({ provider: e.currentTarget.value as never })}
      >
        {PROVIDERS.map((p) => (
          <option value={p}>{labels[p]}</option>
        ))}
      </select>
      <span class="note" data-testid="provider-status" role="status">
        {status()}
      </span>
    </label>
  );
}
