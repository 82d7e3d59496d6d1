/**
 * The simulated model's eyes: an image turn answered from the run's own numbers (run-facts.ts,
 * handed over in the request's `metadata.runFacts`, which no adapter sends), so asking about a
 * run works offline and says the same words every time for the same run and question. It reads
 * no pixel and says so.
 */

import type { ChatRequest, ChatResponse, Provider } from '../providers/types';
import type { RunFacts } from './run-facts';

export const SIMULATED_SIGHT_MODEL = 'simulated-vision';

export function simulatedSight(name: string): Provider {
  return {
    name,
    complete(request: ChatRequest): Promise<ChatResponse> {
      const facts = request.metadata?.runFacts as RunFacts | undefined;
      const question = request.metadata?.question;
      const content = facts
        ? answerFrom(facts, typeof question === 'string' ? question : '')
        : 'I was shown no run: there is nothing to analyse.';
      const words = content.split(/\s+/).length;
      return Promise.resolve({
        id: 'simulated-vision',
        model: SIMULATED_SIGHT_MODEL,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 0, completion_tokens: words, total_tokens: words },
        modelMs: 0,
      });
    },
  };
}

/** The answer, in a fixed order: the path, the bottleneck, the comparison with one agent. */
export function answerFrom(f: RunFacts, question: string): string {
  const out: string[] = [];
  if (question) out.push(`You asked: "${question.slice(0, 200)}".`);
  const tasks = f.path.filter((l) => l.kind === 'task');
  const mainSteps = f.path.filter((l) => l.kind === 'main').reduce((s, l) => s + (l.end - l.start), 0);
  const workSteps = tasks.reduce((s, l) => s + (l.end - l.start), 0);
  if (f.path.length === 0)
    out.push('The run has no realized critical path to read: its trace has no orchestrator steps.');
  else
    out.push(
      `The red path runs through ${tasks.map((l) => l.name).join(', ') || 'no task'}: ${workSteps} of its ${f.makespan} steps are subagent work, ${mainSteps} are orchestrator steps${
        f.makespan - workSteps - mainSteps > 0 ? `, ${f.makespan - workSteps - mainSteps} waiting` : ''
      }.`,
    );
  const top = f.slowest[0];
  if (top)
    out.push(
      top.onPath
        ? `The bottleneck is ${top.task}: at ${top.steps} steps it is the slowest attempt and on the critical path, so shortening or splitting it shortens the run.`
        : `The slowest attempt, ${top.task} (${top.steps} steps), is off the critical path: it had slack, so the bottleneck is the chain in red, not it.`,
    );
  if (f.singleAgentSteps !== undefined && f.makespan > 0) {
    const ratio = f.singleAgentSteps / f.makespan;
    const how = f.singleAgentMeasured ? 'measured' : 'estimated from the steps summed';
    out.push(
      ratio > 1
        ? `The swarm took ${f.makespan} steps against ${f.singleAgentSteps} for one agent in a row (${how}): ${ratio.toFixed(2)}x faster.`
        : `The swarm did not beat one agent: ${f.makespan} steps against ${f.singleAgentSteps} (${how}); its orchestrator steps${
            f.retries > 0 ? ` and ${f.retries} failed attempts` : ''
          } cost more than the parallel work saved.`,
    );
  }
  out.push('(Simulated model: read from the run’s numbers, not from the picture’s pixels.)');
  return out.join(' ');
}
