/** "Ask a model about this run" (views/ask-run-panel.tsx) and a run's kept analyses (views/run-analyses.tsx). */
export const analysisEn = {
  'analysis.heading': 'Ask a model about this run',
  'analysis.about':
    "The run's graph (its realized critical path in red){timeline, select, yes { and its timeline are} other { is}} drawn as PNG and sent with the run's summary and your question. Nothing else of yours is sent; an endpoint's key stays in its request header.",
  'analysis.question': 'Your question',
  'analysis.suggested': 'Suggested questions',
  'analysis.bottleneck': 'Where is the bottleneck?',
  'analysis.notBeat': 'Why did the swarm not beat the single agent?',
  'analysis.path': 'What is on the critical path, and why?',
  'analysis.model': 'Model',
  'analysis.simulated': 'Simulated model (answers offline, from the run’s numbers)',
  'analysis.endpoint': '{model} at {endpoint}',
  'analysis.endpointNoModel': 'OpenAI-compatible endpoint at {endpoint} (no model named)',
  'analysis.webllm': 'WebLLM: {model}',
  'analysis.canSee': 'can see',
  'analysis.cannotSee': 'cannot see',
  'analysis.sees': 'This model can see images',
  'analysis.seesHelp':
    'The server cannot be asked whether its model sees: say so if it does. Kept in this browser for this endpoint and model.',
  'analysis.ask': 'Ask',
  'analysis.cancel': 'Cancel',
  'analysis.drawing': 'Drawing the run’s pictures…',
  'analysis.asking': 'Waiting for {model} to answer…',
  'analysis.keeping': 'Keeping the answer with the run…',
  'analysis.cancelled': 'Cancelled: nothing was kept. Your question is still here.',
  'analysis.failed': 'The model did not answer: {error}. Your question is still here; nothing was kept.',
  'analysis.needModel':
    'Name the endpoint’s model in the provider settings (Model) first: the model that looks at the pictures.',
  'analysis.blindEndpoint':
    '{model} at {endpoint} is not said to see images, so nothing was sent. If it can, tick “This model can see images”; or ask the simulated model.',
  'analysis.blindModel':
    '{model} cannot see images, so nothing was sent. Models that can: the simulated model, an endpoint’s model you say sees, WebLLM’s vision builds.',
  'analysis.emptyQuestion': 'Type a question first, or pick a suggested one.',
  'analysis.answer': 'Answer of {model}',
  'analysis.picture': 'What {model} was shown: {label}',
  'analysis.kept': 'Kept with this run ({n})',
  'analysis.none': 'No analyses of this run yet.',
  'analysis.by': '{model} ({provider}), {when}',
  'analysis.asked': 'Question',
  'analysis.shown': 'Shown: {images}',
  'analysis.noImages': 'no picture',
  'analysis.download': 'Download the analyses (JSON)',
  'analysis.downloadRedacted':
    'The download held an API key saved in this browser{n, plural, one {; it was} other { (# times); each was}} replaced by [redacted].',
  'analysis.libraryCount': '{n, plural, one {# analysis} other {# analyses}}',
  'analysis.runGone': 'run {id} is not in the Library (was it deleted?)',
  'analysis.unreadable': 'The analyses could not be read: {error}',
};
