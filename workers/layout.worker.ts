// The run graph's layout off the page's thread, for graphs of OFF_THREAD_FROM nodes and more:
// layoutDag from src/ui/dag/layout.ts (pure, d3-dag only), exposed with Comlink and driven by
// createLayouter() in src/ui/dag/layout-client.ts.
import { expose } from 'comlink';
import { type DagInput, layoutDag } from '../src/ui/dag/layout';

expose({ layout: (input: DagInput) => layoutDag(input) });
