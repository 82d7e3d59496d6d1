/**
 * A plain Node script on the library build (no tsx): one mixed-coding swarm, whose programs are
 * graded in the Node sandbox's worker threads (dist-lib/engine-thread.js). Prints the run's
 * pass@1 and state; it must then exit by itself, the sandbox's idle threads holding nothing open.
 */
import * as api from 'swarmflight/api';

const id = await api.create({ scenario: 'mixed-coding', seed: 1, size: 3, policy: 'heuristic' }, { pace: 0 });
const done = await api.wait(id);
const run = done.runs[0];
console.log(JSON.stringify({ state: run?.state, passAt1: run?.final?.['pass@1'] }));
