/**
 * WebLLM's panel (providers/webllm/panel.tsx) and the errors the page words about it
 * (run/models.ts). A GPU's own words (the probe's message and fix, why a model does not fit) and a
 * model's id go in as they are.
 */
export const webllmEn = {
  'webllmPanel.model': 'WebLLM model (only those this GPU supports)',
  'webllmPanel.cached': 'cached',
  'webllmPanel.sees': 'can see images',
  'webllmPanel.rejected':
    '{n, plural, one {# model this GPU cannot run} other {# models this GPU cannot run}}',
  'webllmPanel.engines': 'Engines',
  'webllmPanel.oneEngine': 'One engine shared by every subagent (they take turns)',
  'webllmPanel.manyEngines': '{n} engines, one per subagent worker (up to {n} answer at once)',
  'webllmPanel.needs':
    'Needs {memory}. One engine generates for one request at a time: with fewer engines than busy subagents, the rest wait (the run view shows effective against nominal parallelism).',
  'webllmPanel.memory':
    'about {total} of GPU memory ({engines, plural, one {# engine} other {# engines × {each}}})',
  'webllmPanel.memoryUnknown': 'GPU memory unknown (the model record gives no estimate)',
  'webllmPanel.busy': 'A run is using the loaded engines: stop it first.',
  'webllmPanel.load': 'Load',
  'webllmPanel.reload': 'Reload',
  'webllmPanel.cancel': 'Cancel',
  'webllmPanel.loadedOf': '{loaded} of {total} MB',
  'webllmPanel.loaded': '{loaded} MB',
  'webllmPanel.percent': '{percent}%',
  'webllmPanel.eta': 'about {seconds} s left',
  'webllmPanel.elapsed': '{seconds} s so far',
  'webllmPanel.keepIn': 'Keep the weights in',
  'webllmPanel.cacheApi': 'the Cache API (WebLLM’s best tested)',
  'webllmPanel.indexeddb': 'IndexedDB',
  'webllmPanel.opfs': 'the origin private file system',
  'webllmPanel.storage':
    'This site stores {usage} of the {quota} the browser allows it: a model that does not fit fails to load with a message saying so.',
  'webllmPanel.cachedHere': 'Cached in this browser:',
  'webllmPanel.delete': 'Delete',
  'webllmPanel.deleteOne': 'Delete {model} from the cache',
  'webllmPanel.selfHosted': 'Self-hosted weights',
  'webllmPanel.url': 'Model URL (absolute: the folder with mlc-chat-config.json)',
  'webllmPanel.lib': 'Model library URL (the .wasm)',
  'webllmPanel.add': 'Add to the list',
  'webllmPanel.recheck': 'Check WebGPU again',
  'webllmError.codeNotLoaded':
    'WebLLM\'s code could not be loaded ({message}): check the connection and press "Check WebGPU again".',
  'webllmError.notOnGpu': '{model} cannot run on this GPU: {why}.',
  'webllmError.notSupported': 'not supported',
  'webllmError.notReady': 'WebLLM is not ready: pick the WebLLM provider first.',
  'webllmError.deleteFailed': 'Could not delete {model} from the cache: {message}',
  'webllmError.cannotRun': 'WebLLM cannot run here: {message} {fix}',
  'webllmError.stillLoading': 'The WebLLM model is still loading: wait for it, then run.',
  'webllmError.loadFirst': 'Load a WebLLM model first (provider settings, Load).',
} as const;
