import { createEffect, For, Show, untrack } from 'solid-js';
import { PROVIDER_KINDS, type ProviderKind } from '../../core/scenarios/profiles';
import { app } from '../app-state';
import { findScenario } from '../catalog';
import { models } from '../run/models';
import { running } from '../run/session';
import { OpenAiPanel } from './openai-panel';
import { WebllmPanel } from './webllm-panel';

const labels: Record<ProviderKind, string> = {
  simulated: 'Simulated (seeded, offline)',
  webllm: 'WebLLM (in-browser, WebGPU)',
  openai: 'OpenAI-compatible endpoint',
};

const text = (event: Event) => (event.currentTarget as HTMLInputElement).value;

/**
 * The model provider, and what it needs before a run: WebLLM's GPU check, model and engines;
 * an endpoint's URL, model and key. The status line says whether it can run here and, if not, why
 * and what to do.
 */
export function ProviderPicker() {
  const s = () => app.state();
  createEffect(() => {
    if (s().provider === 'webllm') untrack(() => void models.checkWebGpu());
  });
  const graph = () => findScenario(s().scenario)?.type === 'graph';
  return (
    <div class="form provider">
      <label>
        Model provider
        <select
          data-testid="provider-select"
          value={s().provider}
          onChange={(e) => app.update({ provider: text(e) as never })}
        >
          <For each={PROVIDER_KINDS}>{(p) => <option value={p}>{labels[p]}</option>}</For>
        </select>
      </label>
      <p class="note" data-testid="provider-status" role="status">
        {status()}
        <Show when={graph() && s().provider !== 'simulated'}>
          {' '}
          Graph scenarios have no model (their tasks are abstract steps): they run on the time model whichever
          provider is chosen.
        </Show>
      </p>
      <Show when={s().provider === 'webllm'}>
        <Show
          when={
            typeof models.webllm().probe === 'object' &&
            (!(models.webllm().probe as { ok: boolean }).ok ||
              (models.webllm().status === 'failed' && !models.webllm().listed))
          }
        >
          <button
            type="button"
            class="secondary"
            data-testid="webgpu-recheck"
            onClick={() => void models.checkWebGpu(true)}
          >
            Check WebGPU again
          </button>
        </Show>
        <WebllmPanel />
      </Show>
      <Show when={s().provider === 'openai'}>
        <OpenAiPanel />
      </Show>
    </div>
  );
}

function status(): string {
  const s = app.state();
  if (s.provider === 'simulated') return 'Ready: a seeded simulated model, nothing to download.';
  if (s.provider === 'openai') {
    const o = models.openai();
    if (!s.endpoint) {
      return 'Enter the base URL of an OpenAI-compatible server (llama.cpp, Ollama, vLLM or a hosted API).';
    }
    if (o.retry && running()) return o.retry;
    if (o.check && o.check.endpoint === s.endpoint) return o.check.text;
    const key = models.keys.load(s.endpoint) ? 'key saved in this browser' : 'no key';
    return `Ready to run against ${s.endpoint} (model: ${s.model || "each profile's"}; ${key}).`;
  }
  const w = models.webllm();
  if (w.probe === 'unchecked' || w.probe === 'checking') {
    return "Checking this browser's WebGPU before anything is downloaded…";
  }
  if (!w.probe.ok) return `WebLLM cannot run in this browser: ${w.probe.message} What to do: ${w.probe.fix}`;
  const gpu = [w.probe.vendor, w.probe.architecture].filter(Boolean).join(' ') || 'unnamed adapter';
  const slow = w.probe.isFallbackAdapter
    ? ' This is a software (CPU) adapter: a model will load but answer far too slowly to be useful.'
    : '';
  switch (w.status) {
    case 'loading':
      return `Loading ${w.modelId} (engine ${w.engineAt} of ${w.engines}): ${Math.round((w.progress?.fraction ?? 0) * 100)}%.`;
    case 'ready':
      return `Ready: ${w.modelId} on ${w.engines === 1 ? 'one shared engine' : `${w.engines} engines`}.${slow}`;
    case 'failed':
      return w.error ?? 'Loading failed.';
    default:
      if (!w.listed) return `WebGPU is ready (${gpu}); reading WebLLM's model list…`;
      return `WebGPU is ready (${gpu}, shader-f16 ${w.probe.shaderF16 ? 'yes' : 'no'}). ${w.supported.length} of ${w.supported.length + w.rejected.length} models fit this GPU: pick one and press Load.${slow}`;
  }
}
