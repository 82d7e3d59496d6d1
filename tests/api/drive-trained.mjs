/**
 * A Node script using the library build with a trained policy: `policy: 'parl:FILE'` names a
 * checkpoint written by `swarm train`. Prints one JSON report for trained-policy.test.ts.
 */
import * as api from 'swarmflight/api';

const [file, garbage] = process.argv.slice(2);

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

const id = await api.create({ scenario: 'wide-search', seed: 5, policy: `parl:${file}` });
const done = await api.wait(id);
const report = {
  state: done.state,
  run: done.runs[0],
  missing: await refusal(() =>
    api.create({ scenario: 'wide-search', policy: 'parl:/nonexistent/policy.json' }),
  ),
  notJson: await refusal(() => api.create({ scenario: 'wide-search', policy: `parl:${garbage}` })),
  wrongKind: await refusal(() => api.create({ scenario: 'wide-search', policy: `bandit:${file}` })),
  unknownKind: await refusal(() => api.create({ scenario: 'wide-search', policy: `dqn:${file}` })),
};
console.log(JSON.stringify(report));
