/** The OpenAI-compatible provider in Node: the endpoint a request names, the key the host read. */
import { openaiProvider } from '../../adapters/common/openai-provider';
import type { NodeProviderFactory } from '../../core/providers/factories';
import { RequestError } from '../../core/request/run-input';

export const open: NodeProviderFactory = ({ endpoint, model }, { apiKey, deadlineMs }) => {
  if (endpoint === undefined)
    throw new RequestError(
      'provider.endpoint',
      'provider.endpoint is required for an openai provider: the base URL of an OpenAI-compatible server, e.g. http://localhost:8080/v1',
    );
  try {
    return openaiProvider({
      baseUrl: endpoint,
      ...(model !== undefined ? { model } : {}),
      apiKey,
      ...(deadlineMs !== undefined ? { deadlineMs } : {}),
    });
  } catch (error) {
    throw new RequestError('provider.endpoint', `provider: ${(error as Error).message}`);
  }
};
