/**
 * Which folder may import which, checked by `npm run lint:deps` (part of `npm test`).
 *
 * The outer folders: src/ui, src/cli and workers/ are entry points; src/adapters are the ports
 * to the browser and Node; src/api is the swarm control API (docs/api.md), a library over core
 * and adapters that the page and the CLI may use; src/core is pure TypeScript that runs anywhere,
 * so it imports none of them, no Node built-in and no browser-only package.
 *
 * Inside src/core the folders are layers, lowest first (CORE_LAYERS below). A folder imports only
 * folders listed for it, and those are always lower, so no two folders import each other:
 *
 *   util        seeded randomness and heaps: depends on nothing
 *   stats       paired bootstrap intervals and summaries
 *   graph       task DAGs, validation, critical paths
 *   world       the generated world the search scenarios ask about
 *   embeddings  text embeddings the router reads
 *   trace       the event vocabulary, its JSONL form, the trace store port, and what is read
 *               from a trace (metrics, the schedule, the Chrome trace)
 *   runtime     the orchestrator: state machine, drivers, and the ports it calls (executors, the
 *               policy port in runtime/policy-port.ts: the runtime never imports a policy)
 *   providers   the model port (chat types), token estimates, the scripted and simulated models
 *               and the players the simulated model plays
 *   agents      the subagent loop over a provider: tool protocol, context strategies
 *   vision      asking a model about a run: image limits, who can see, the run's summary
 *   tools       the tools subagents call (search, calculator, sandbox port)
 *   policy      the orchestration policies implementing the runtime's port, the `llm` one included
 *   scenarios   the task scenario kinds (one folder each) and their registry
 *   run         preparing a run (the composition root) and running it end to end with a policy
 *   learning    training policies over scenario runs (bandits, PARL, mixes, checkpoints)
 *   request     what a run is (RunRequest, one schema for the page, the CLI and the API)
 *   router      routing a query to a setting, trained from logged runs
 *   bench       the bench: every scenario × policy, run and scored, and the grid's figure
 *   experiments studies over those pieces: active learning of the router, chaos runs
 *
 * What two layers share lives in the lower one: the policy port in runtime (policy/types.ts
 * re-exports it), the Player types and SimulatorParams in providers, ProfilePrice in
 * trace/metrics.ts, the token estimate in providers/tokens.ts. The matrix lists what each folder
 * may use, not everything below it: widening it is a decision to make here, in review.
 *
 * Parsing: the project's TypeScript 7 has no JavaScript compiler API, so dependency-cruiser reads
 * TypeScript with swc, which keeps type-only imports (a type import is a dependency too). Its swc
 * reader does not take TSX in the 17.x line (the last on Node 20), so `npm run lint:deps` runs
 * scripts/lint-deps.mjs, which checks a copy of the tree whose .tsx files hold only their imports:
 * the views' imports are checked like any other file's. Run this config through that script.
 */

/** @type {[folder: string, mayImport: string[]][]} */
const CORE_LAYERS = [
  ['util', []],
  // stats: paired bootstrap intervals and summaries every report uses.
  ['stats', ['util']],
  ['graph', ['util']],
  ['world', ['util']],
  ['embeddings', ['util']],
  ['trace', ['util', 'graph']],
  ['runtime', ['util', 'graph', 'trace']],
  // providers read runtime/pace.ts: the simulated model waits on the run's one pacing port.
  ['providers', ['util', 'trace', 'runtime']],
  // kb counts passages in the providers' token estimate and embeds them through embeddings.
  ['kb', ['util', 'embeddings', 'providers']],
  ['agents', ['util', 'trace', 'providers']],
  // vision: a model asked about a run (its summary from the trace, images checked and sent).
  ['vision', ['util', 'graph', 'trace', 'providers']],
  ['tools', ['util', 'world', 'trace', 'providers', 'agents']],
  ['policy', ['util', 'graph', 'trace', 'runtime', 'providers', 'agents', 'tools']],
  // healing watches attempts from inside (anomaly detection, MAPE-K, chaos): it wraps providers.
  ['healing', ['util', 'trace', 'runtime', 'providers']],
  [
    'scenarios',
    [
      'util',
      'graph',
      'world',
      'embeddings',
      'trace',
      'runtime',
      'providers',
      'kb',
      'agents',
      'tools',
      'policy',
      'healing',
    ],
  ],
  // run: the composition root (prepareRun) and the executor that runs a prepared run end to end,
  // over the scenario kinds; above them, so a kind never reaches for the runner.
  [
    'run',
    [
      'util',
      'graph',
      'world',
      'trace',
      'runtime',
      'providers',
      'agents',
      'tools',
      'policy',
      'healing',
      'scenarios',
    ],
  ],
  ['learning', ['util', 'graph', 'trace', 'runtime', 'providers', 'policy', 'scenarios', 'run']],
  // request: what a run is (RunRequest) and how a checked one becomes prepareRun's input; it
  // checks policy names (policy, learning), fields (agents, runtime, trace), healing setups and
  // a provider's fields by the provider's own declaration (providers/descriptor.ts).
  [
    'request',
    [
      'util',
      'graph',
      'trace',
      'runtime',
      'providers',
      'agents',
      'policy',
      'healing',
      'scenarios',
      'run',
      'learning',
    ],
  ],
  // router reads providers to ask a model for a plan (plan-model.ts), and scenarios for the kinds
  // its workflows are (choice.ts: one workflow per registered kind, and `general`).
  ['router', ['util', 'embeddings', 'trace', 'providers', 'scenarios', 'learning']],
  ['datasets', ['util', 'trace', 'router']],
  // bench reads router for the active-learning experiment (bench/active-learning.ts).
  [
    'bench',
    [
      'util',
      'graph',
      'embeddings',
      'trace',
      'runtime',
      'providers',
      'agents',
      'policy',
      'healing',
      'scenarios',
      'run',
      'learning',
      'request',
      'router',
      'stats',
    ],
  ],
  // experiments: studies over the bench's pieces (active learning of the router, chaos runs).
  [
    'experiments',
    [
      'util',
      'embeddings',
      'trace',
      'runtime',
      'providers',
      'policy',
      'healing',
      'scenarios',
      'run',
      'router',
      'stats',
    ],
  ],
];

// The matrix may only point down the list: that is what keeps the folders free of cycles.
CORE_LAYERS.forEach(([folder, allowed], rank) => {
  for (const lower of allowed) {
    const at = CORE_LAYERS.findIndex(([name]) => name === lower);
    if (at < 0 || at >= rank)
      throw new Error(`core layer "${folder}" may not import "${lower}": not below it`);
  }
});

const coreFolders = CORE_LAYERS.map(([folder]) => folder);

const layerRules = CORE_LAYERS.map(([folder, allowed]) => ({
  name: `core-${folder}-layer`,
  comment: `src/core/${folder} may import only ${allowed.length > 0 ? allowed.join(', ') : 'nothing else in core'} (see CORE_LAYERS)`,
  severity: 'error',
  from: { path: `^src/core/${folder}/` },
  to: {
    path: `^src/core/(?!(?:${[folder, ...allowed].join('|')})/)`,
  },
}));

/** Packages that need a DOM (or a GPU) to load: core must run in Node and workers alike. */
const browserOnlyPackages = ['idb', 'comlink', 'solid-js', 'd3-[^/]+', '@mlc-ai/web-llm'];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Files import each other in a circle: move what both need to a lower file.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-folder-cycle',
      comment: 'Two folders of src/core reach each other (through any subfolders).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/core/([^/]+)' },
      to: { circular: true, path: '^src/core/', pathNot: '^src/core/$1(/|$)' },
    },
    {
      name: 'core-is-pure',
      comment: 'src/core imports no adapter, view, CLI, API or worker: they import core.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '^(src/(adapters|ui|cli|api)|workers)/' },
    },
    {
      name: 'core-no-node',
      comment: 'src/core runs in the browser too: no Node built-in (node:*, fs, path, …).',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'core-no-browser-packages',
      comment: 'src/core runs in Node too: no package that needs a DOM or a GPU.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: `(^|/)node_modules/(${browserOnlyPackages.join('|')})/` },
    },
    {
      name: 'core-unknown-folder',
      comment: `A new folder in src/core needs a place in CORE_LAYERS (known: ${coreFolders.join(', ')}).`,
      severity: 'error',
      from: { path: '^src/core/', pathNot: `^src/core/(${coreFolders.join('|')})/` },
      to: { path: '^src/core/' },
    },
    ...layerRules,
    {
      name: 'core-not-provider-folders',
      comment:
        "A provider's folder (src/providers/<id>/) holds its host parts beside its declaration: core reads no folder of it, and is given the declarations (src/providers/run-request.ts binds core's request check to them).",
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '^src/providers/' },
    },
    {
      name: 'provider-declarations-are-data',
      comment:
        "A provider's provider.ts, the registry and the bound request check are read by every host (the CLI's flags, the page's CSP in vite.config.ts): they import core only, no host part.",
      severity: 'error',
      from: { path: '^src/providers/((registry|run-request)[.]ts|[^/]+/provider[.]ts)$' },
      to: { path: '^(src/(adapters|ui|cli|api)|workers)/|^src/providers/[^/]+/(node|browser|panel)[.]tsx?$' },
    },
    {
      name: 'provider-node-part',
      comment: "A provider's node.ts is its Node factory: no page, no browser adapter, no CLI.",
      severity: 'error',
      from: { path: '^src/providers/[^/]+/node[.]ts$' },
      to: { path: '^src/(ui|cli|adapters/browser)/' },
    },
    {
      name: 'provider-page-parts',
      comment:
        "A provider's browser.ts and panel.tsx are the page's: no Node adapter, no CLI; its panel, a view, reaches the world through src/ui/run/ as every view does.",
      severity: 'error',
      from: { path: '^src/providers/[^/]+/(browser[.]ts|panel[.]tsx)$' },
      to: { path: '^src/(cli|adapters/node)/' },
    },
    {
      name: 'provider-panel-io-through-run',
      comment:
        "A provider's panel is a view: it imports no adapter (src/ui/run/ holds the models and the endpoint).",
      severity: 'error',
      from: { path: '^src/providers/[^/]+/panel[.]tsx$' },
      to: { path: '^src/adapters/' },
    },
    {
      name: 'queue-clients-node-side',
      comment:
        'BullMQ and ioredis (sweeps across machines, docs/scale-out.md) are Node-side: only src/cli and src/adapters/node may import them, so the page stays serverless and core stays pure.',
      severity: 'error',
      from: { pathNot: '^src/(cli|adapters/node)/' },
      to: { path: '(^|/)node_modules/(bullmq|ioredis)/' },
    },
    {
      name: 'adapters-not-entry-points',
      comment: 'src/adapters serve the views, the CLI, the API and the workers; they import none of them.',
      severity: 'error',
      from: { path: '^src/adapters/' },
      to: { path: '^(src/(ui|cli|api)|workers)/' },
    },
    {
      name: 'adapters-hosts-apart',
      comment:
        'adapters/ is grouped by the host a file runs on: browser/ and node/ never import each other, and common/ and wire/ (both hosts) import neither.',
      severity: 'error',
      from: { path: '^src/adapters/(browser|node|common|wire)/' },
      // $1: a folder may import itself.
      to: { path: '^src/adapters/(browser|node)/', pathNot: '^src/adapters/$1/' },
    },
    {
      name: 'api-not-entry-points',
      comment:
        "src/api is a library over core and adapters: the page and the CLI may import it, it imports neither (nor a worker). One exception: a run's picture (src/ui/dag/run-picture.ts, pure, no DOM), so the API draws what the page draws.",
      severity: 'error',
      from: { path: '^src/api/' },
      to: { path: '^(src/(ui|cli)|workers)/', pathNot: '^src/ui/dag/run-picture\\.ts$' },
    },
    {
      name: 'workers-only-adapters-and-core',
      comment:
        'A worker is an entry point over adapters and core: no views, no CLI, no other worker. One exception: the DAG layout (pure, d3-dag only) runs in layout.worker.ts, off the main thread, for large graphs.',
      severity: 'error',
      from: { path: '^workers/' },
      to: { path: '^(src|workers)/', pathNot: '^src/(adapters|core)/|^src/ui/dag/layout\\.ts$' },
    },
    {
      name: 'views-io-through-services',
      comment:
        'The page reaches the world (IndexedDB, workers, files, models) through src/ui/services.ts, and a run through src/ui/run/ (the session, the models, the endpoint) and the one download path (src/ui/export/save-download.ts): no other page file imports an adapter, types included (docs/architecture.md).',
      severity: 'error',
      from: { path: '^src/ui/', pathNot: '^src/ui/(services\\.ts$|run/|export/save-download\\.ts$)' },
      to: { path: '^src/adapters/' },
    },
    {
      name: 'ui-not-cli',
      comment: 'The page and the CLI are separate entry points (the CLI reads files with Node).',
      severity: 'error',
      from: { path: '^src/ui/' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'cli-not-ui',
      comment:
        "The page and the CLI are separate entry points (the page needs a DOM). One exception: a run's picture (src/ui/dag/run-picture.ts, pure, no DOM), so `swarm analyze` draws what the page draws.",
      severity: 'error',
      from: { path: '^src/cli/' },
      to: { path: '^src/ui/', pathNot: '^src/ui/dag/run-picture\\.ts$' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that does not resolve could hide a forbidden dependency.',
      severity: 'error',
      from: {},
      // Vite's own: a virtual module a plugin makes (vite-plugins/) and a file's URL (`?url`).
      to: { couldNotResolve: true, pathNot: '^virtual:|[?]url$' },
    },
  ],
  options: {
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
