import type { ProviderDescriptor } from '../../core/providers/descriptor';

/** A model run in the page itself on WebGPU (WebLLM): the page only, loaded from its panel. */
export const webllm: ProviderDescriptor = {
  id: 'webllm',
  label: 'WebLLM (in-browser, WebGPU)',
  about: 'a model run in the page on WebGPU (the page only)',
  fields: {
    model: {
      type: 'model',
      label: 'Model',
      help: "the WebLLM model id every agent runs (default: each profile's models.webllm)",
      value: 'ID',
      link: 'wmodel',
    },
    engines: {
      type: 'whole',
      label: 'Engines',
      help: 'WebLLM engines: 1 is one engine shared by every subagent',
      value: 'N',
      min: 1,
      max: 8,
      link: 'engines',
    },
  },
  hosts: ['browser'],
  // Weights from Hugging Face (its files redirect to *.hf.co), model libraries from GitHub.
  connect: ['https://huggingface.co', 'https://*.hf.co', 'https://raw.githubusercontent.com'],
  // WebLLM's vision builds (model_type VLM in its prebuilt list; the picker reads that mark from
  // the list itself, webllm-models.ts): they take image parts on WebGPU.
  sight: {
    kind: 'models',
    seeing: ['Phi-3.5-vision-instruct-q4f16_1-MLC', 'Phi-3.5-vision-instruct-q4f32_1-MLC'],
  },
};
