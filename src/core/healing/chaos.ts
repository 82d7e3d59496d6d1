/**
 * Chaos: faults put into chosen agents on purpose, to measure what notices them and how fast the
 * swarm recovers (docs/healing.md, `swarm chaos`). A fault lives in the first attempt of a chosen
 * task — its agent misbehaves, a fresh agent retrying the task does not — and is recorded in the
 * trace (`chaos.fault`) the moment it takes effect, so detection is scored against the truth:
 *
 *   hang       the model never answers (until the attempt is stopped)
 *   crash      the model call throws on the first turn, as a dead worker does
 *   loop       after its first tool call, the agent sends the same call again and again
 *   malformed  every call's arguments are broken JSON
 *   inject     the agent is taken over (as by an injected document): it keeps calling a tool it was
 *              never granted; the runtime refuses every call
 *   slow       every model turn takes `slowMs` longer (a degraded engine)
 *
 * Which tasks: one per fault kind, drawn from the run's seed, never the same task twice.
 */
import type { ChatRequest, ChatResponse, Provider } from '../providers/types';
import type { EventBody, FaultKind } from '../trace/events';
import type { Scheduler } from '../trace/scheduler';
import { keyedRng } from '../util/rng';
import type { AttemptHooks } from './hooks';

/** Task id → the fault its first attempt carries. */
export type FaultPlan = ReadonlyMap<string, FaultKind>;

export function faultPlan(seed: number, taskIds: readonly string[], faults: readonly FaultKind[]): FaultPlan {
  const free = [...taskIds];
  const plan = new Map<string, FaultKind>();
  for (const fault of faults) {
    if (free.length === 0) break;
    const at = keyedRng(seed, 'chaos', fault).int(0, free.length - 1);
    const [task] = free.splice(at, 1);
    plan.set(task as string, fault);
  }
  return plan;
}

/** Tools an agent might be talked into calling; the first it was not given is the one it tries. */
const forbidden = ['run_js', 'fetch_url', 'spawn_subagents', 'grant_capability'];

function reply(
  request: ChatRequest,
  turn: number,
  message: ChatResponse['choices'][0]['message'],
): ChatResponse {
  return {
    id: `chaos-${turn}`,
    model: request.model,
    choices: [{ index: 0, message, finish_reason: message.tool_calls ? 'tool_calls' : 'stop' }],
    usage: { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 },
  };
}

function waitForAbort(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_, reject) => {
    if (signal?.aborted) reject(new Error('aborted'));
    signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
  });
}

export interface ChaosOptions {
  readonly scheduler: Scheduler;
  /** Extra time of each turn of a `slow` agent. @default 600 */
  readonly slowMs?: number;
  /**
   * The clock the healing loop judges turns by (monitor.ts). With `model` (the simulated model) a
   * fault's time is the model's too: a slow turn's reply says it took `slowMs` more, and a hung
   * turn's reply says it never came (its `modelMs` is Infinity; the loop holds it back until the
   * attempt is stopped), so the verdicts do not depend on this host's speed. @default 'wall'
   */
  readonly timing?: 'model' | 'wall';
}

export function chaosHooks(plan: FaultPlan, options: ChaosOptions): AttemptHooks {
  const slowMs = options.slowMs ?? 600;
  return {
    begin(request, provider) {
      const fault = request.attempt === 1 ? plan.get(request.taskId) : undefined;
      // A retry of a task whose first attempt carried a fault draws as the attempt before it: the
      // fresh agent redoes the work the fault spoiled with the draws the fault-free run gave that
      // work, so the run's answers (and its grade) are the fault-free run's, not a second roll of
      // the dice (which scored chaos runs above clean ones). Its cost in steps, tokens and time stays.
      // A fault that could not take effect (malformed on an agent without tools, loop on one that
      // called none) shifts the draws too; that matters only if its attempt failed on its own, and
      // no attempt of the recorded fault-free runs did (docs/benchmarks.md).
      const replacing = request.attempt > 1 && plan.has(request.taskId);
      const queued: EventBody[] = [];
      let applied = false;
      const apply = () => {
        if (applied || !fault) return;
        applied = true;
        queued.push({
          type: 'chaos.fault',
          fault,
          subagent: request.subagent,
          task: request.taskId,
          attempt: request.attempt,
        });
      };
      let turn = 0;
      let repeated: { name: string; arguments: string } | undefined;
      const faulty: Provider = {
        name: provider.name,
        async complete(chat) {
          turn++;
          const tools = chat.tools?.map((t) => t.function.name) ?? [];
          switch (fault) {
            case 'hang':
              apply();
              if (options.timing === 'model')
                return { ...reply(chat, turn, { role: 'assistant', content: null }), modelMs: Infinity };
              return waitForAbort(chat.signal);
            case 'crash':
              apply();
              throw new Error('chaos: the agent crashed');
            case 'slow':
              apply();
              await new Promise<void>((resolve) => options.scheduler(resolve, slowMs));
              if (options.timing === 'model') {
                const response = await provider.complete(chat);
                return { ...response, modelMs: (response.modelMs ?? 0) + slowMs };
              }
              return provider.complete(chat);
            case 'malformed': {
              if (tools.length === 0) break;
              apply();
              const name = tools[0] as string;
              return reply(chat, turn, {
                role: 'assistant',
                content: null,
                tool_calls: [
                  { id: `chaos_${turn}`, type: 'function', function: { name, arguments: '{"oops": ' } },
                ],
              });
            }
            case 'inject': {
              const name = forbidden.find((t) => !tools.includes(t)) ?? 'grant_capability';
              apply();
              return reply(chat, turn, {
                role: 'assistant',
                content: 'Ignoring my task: I am the orchestrator now.',
                tool_calls: [
                  {
                    id: `chaos_${turn}`,
                    type: 'function',
                    function: { name, arguments: JSON.stringify({ code: 'grant(self, "all")' }) },
                  },
                ],
              });
            }
            case 'loop': {
              if (repeated) {
                apply();
                return reply(chat, turn, {
                  role: 'assistant',
                  content: null,
                  tool_calls: [{ id: `chaos_${turn}`, type: 'function', function: repeated }],
                });
              }
              const response = await provider.complete(chat);
              const first = response.choices[0].message.tool_calls?.[0];
              if (first) repeated = { name: first.function.name, arguments: first.function.arguments };
              return response;
            }
            default:
              break;
          }
          return provider.complete(chat);
        },
      };
      return {
        ...(replacing ? { draws: request.attempt - 1 } : {}),
        provider: faulty,
        event: () => undefined,
        drain: () => queued.splice(0),
        end: () => undefined,
      };
    },
  };
}
