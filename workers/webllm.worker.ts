// A WebLLM engine off the page's thread: created by `loadEngine()` in src/adapters/browser/webllm-load.ts
// through `CreateWebWorkerMLCEngine`, which speaks WebLLM's own protocol to this handler.
import { WebWorkerMLCEngineHandler } from '@mlc-ai/web-llm';

const handler = new WebWorkerMLCEngineHandler();
self.onmessage = (message: MessageEvent) => handler.onmessage(message);
