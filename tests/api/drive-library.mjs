/**
 * What a Node script does with the library build: imports `swarmflight/api` (the package's own
 * `exports`, so dist-lib must be built), drives two swarms through the documented API, and prints
 * one JSON report of what it saw for library.test.ts to check.
 */
import * as api from 'swarmflight/api';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until a subagent of the swarm is running; its agents and status at that moment. */
async function whileRunning(id) {
  for (let i = 0; i < 400; i++) {
    const agents = await api.agents(id);
    if (agents.some((a) => a.role === 'subagent' && a.state === 'running')) {
      return { agents, status: await api.status(id) };
    }
    await sleep(2);
  }
  return null;
}

/** The error a call made, as plain data, or null when it made none. */
async function refusal(call) {
  try {
    await call();
    return null;
  } catch (error) {
    return {
      typed: error instanceof api.SwarmApiError,
      code: error.code,
      field: error.field ?? null,
      message: error.message,
    };
  }
}

const report = { exports: Object.keys(api).sort() };

// A swarm for wide search, a second task submitted to it, its agents listed while it runs.
const id = await api.create({ scenario: 'wide-search', seed: 1, size: 20, policy: 'heuristic' }, { pace: 5 });
report.second = await api.submit(id, { scenario: 'wide-search', seed: 2, size: 10 });
report.during = await whileRunning(id);
report.done = await api.wait(id);
report.doneAgents = await api.agents(id);

// Another swarm, terminated mid-run with a task still queued behind the running one.
const other = await api.create({ scenario: 'wide-search', seed: 3, size: 40 }, { pace: 5 });
await api.submit(other, { scenario: 'deep-search', seed: 1 });
report.beforeTerminate = await whileRunning(other);
report.terminated = await api.terminate(other);
report.terminatedAgents = await api.agents(other);
const events = [];
for await (const e of api.events(other)) events.push(e);
report.terminatedEvents = events;

report.errors = {
  unknownId: await refusal(() => api.status('swarm-that-never-was')),
  invalidTask: await refusal(() => api.create({ scenario: 'wide-search', size: 5000 })),
  submitAfterTerminate: await refusal(() => api.submit(other, { scenario: 'wide-search' })),
  terminateAgain: await refusal(() => api.terminate(other)),
};
report.statusAfterRefusals = await api.status(other);
report.swarms = api.list();

process.stdout.write(JSON.stringify(report));
