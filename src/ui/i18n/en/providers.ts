/**
 * The model providers as the page names them (i18n/provider-words.ts: a provider's label by its
 * id; one the page does not know keeps its provider.ts label), the endpoint's panel and status
 * line (providers/openai/panel.tsx, run/endpoint.ts). An endpoint's own words go in as they are.
 * The English labels are provider.ts's, word for word (tests/ui/i18n/provider-words.test.ts).
 */
export const providersEn = {
  'providerName.simulated': 'Simulated (seeded, offline)',
  'providerName.openai': 'OpenAI-compatible endpoint',
  'providerName.webllm': 'WebLLM (in-browser, WebGPU)',
  'openai.baseUrl': 'Base URL',
  'openai.urlError': '"{value}" is not an http(s) URL: give the server\'s base URL, e.g. {example}.',
  'openai.model': "Model (empty: each profile's)",
  'openai.modelExample': 'e.g. {example}',
  'openai.key': 'API key (kept in this browser only, never in a link, trace or export)',
  'openai.keyNotNeeded': 'none needed for most local servers',
  'openai.keyAfterUrl': 'enter the base URL first',
  'openai.test': 'Test connection',
  'openai.forget': 'Forget key',
  'openai.enterUrl':
    'Enter the base URL of an OpenAI-compatible server (llama.cpp, Ollama, vLLM or a hosted API).',
  'openai.ready':
    'Ready to run against {endpoint} (model: {model}; {key, select, saved {key saved in this browser} other {no key}}).',
  'openai.eachProfile': "each profile's",
  'openai.connected': 'Connected: {n, plural, one {# model} other {# models}} ({shown}).',
  'openai.andMore': '{shown} and {n} more',
  'openai.retrying': '{message} Retrying in {seconds} s (retry {attempt}).',
  'openai.noUrl': "Enter the OpenAI-compatible server's base URL (e.g. {example}) in the provider settings.",
  'webllm.checking': "Checking this browser's WebGPU before anything is downloaded…",
  'webllm.cannotRun': 'WebLLM cannot run in this browser: {message} What to do: {fix}',
  'webllm.unnamedAdapter': 'unnamed adapter',
  'webllm.slow':
    ' This is a software (CPU) adapter: a model will load but answer far too slowly to be useful.',
  'webllm.loading': 'Loading {model} (engine {at} of {engines}): {percent}%.',
  'webllm.ready': 'Ready: {model} on {engines, plural, =1 {one shared engine} other {# engines}}.{slow}',
  'webllm.failed': 'Loading failed.',
  'webllm.listing': "WebGPU is ready ({gpu}); reading WebLLM's model list…",
  'webllm.listed':
    'WebGPU is ready ({gpu}, shader-f16 {f16, select, yes {yes} other {no}}). {fit} of {all} models fit this GPU: pick one and press Load.{slow}',
};
