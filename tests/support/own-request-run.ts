/**
 * A run of the user's own request on a model behind a real OpenAI-compatible HTTP server on
 * loopback: the scripted team model (team-model.ts) answers, each reply put on the wire in one of
 * the servers' habits (wire-habits.ts), and the client is the project's own OpenAI adapter. Used by
 * the conformance tests and by scripts/record-runs.ts, which keeps such runs as recorded traces.
 */

import { openaiProvider } from '../../src/adapters/common/openai-provider';
import { nodeSandbox } from '../../src/adapters/node/node-sandbox';
import { llmPolicyFor } from '../../src/core/policy/llm/llm-policy';
import { runInputOf } from '../../src/core/request/run-input';
import type { RunRequest } from '../../src/core/request/run-request';
import { runAnswer } from '../../src/core/run/final-answer';
import { prepareRunFor } from '../../src/core/run/plan-turn';
import type { PreparedTaskRun } from '../../src/core/run/prepare';
import { runPrepared } from '../../src/core/run/run';
import { withModel } from '../../src/core/scenarios/profiles';
import type { TraceEvent } from '../../src/core/trace/events';
import type { TraceHeader } from '../../src/core/trace/header';
import { startModelServer } from './loopback-model-server';
import { loadProfiles, loadSpec } from './scenarios';
import { teamModel } from './team-model';
import { habitBackend, type WireHabit } from './wire-habits';

export const OWN_STORY = 'Write a short detective story set in Lisbon, about a stolen azulejo.';

export interface OwnRequestRun {
  readonly header: TraceHeader;
  readonly events: readonly TraceEvent[];
  readonly reason: string;
  readonly answer: string | undefined;
}

export async function ownRequestRun(habit: WireHabit): Promise<OwnRequestRun> {
  const server = await startModelServer(habitBackend(teamModel(), habit));
  try {
    const request: RunRequest = {
      scenario: 'write-story',
      policy: 'llm',
      provider: { kind: 'openai', endpoint: server.url, model: 'scripted-team' },
      request: { text: OWN_STORY },
    };
    const provider = openaiProvider({
      baseUrl: server.url,
      model: 'scripted-team',
      stream: habit === 'streamed',
      maxRetries: 0,
    });
    const profiles = withModel(loadProfiles(), 'openai', 'scripted-team');
    const policy = llmPolicyFor(provider, profiles);
    const spec = loadSpec('write-story', 'write-story');
    const run = (await prepareRunFor(
      policy,
      runInputOf(request, { type: 'task', spec }, { profiles, plan: undefined }),
    )) as PreparedTaskRun;
    const result = await runPrepared(run, {
      policy,
      provider,
      ports: { sandbox: nodeSandbox },
      keepEvents: true,
    });
    return {
      header: result.header,
      events: result.events ?? [],
      reason: result.reason,
      answer: runAnswer(run, result.answers),
    };
  } finally {
    await server.close();
  }
}
