import type { ProviderDescriptor } from '../../core/providers/descriptor';

/**
 * Any OpenAI-compatible server (llama.cpp, Ollama, vLLM, a hosted API). Its key is never a field:
 * the CLI and the API read it from SWARM_API_KEY (node.ts), the page from its key store (browser.ts).
 */
export const openai: ProviderDescriptor = {
  id: 'openai',
  label: 'OpenAI-compatible endpoint',
  about: 'an OpenAI-compatible server at --endpoint (the key from SWARM_API_KEY)',
  fields: {
    endpoint: {
      type: 'url',
      label: 'Base URL',
      help: "the server's base URL, e.g. http://localhost:8080/v1",
      value: 'URL',
      link: 'endpoint',
    },
    model: {
      type: 'model',
      label: 'Model',
      help: "the model every agent asks for (default: each profile's models.openai)",
      value: 'NAME',
      link: 'model',
    },
  },
  hosts: ['node', 'browser'],
  // The user's endpoint is typed in at run time: any https server, or one on this machine over
  // plain http (Chromium takes no IPv6 literal in a policy: use localhost, not [::1]).
  connect: ['https:', 'http://localhost:*', 'http://127.0.0.1:*'],
  // Whether the model at an endpoint sees cannot be asked of the server: the user states it.
  sight: { kind: 'stated' },
};
