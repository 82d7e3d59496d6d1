/**
 * The agents of one run, folded from its trace events one at a time (a live run is one pass):
 * who they are, what they may do, what they are doing, and what they have done. Derived from the
 * trace and nothing else, so a stored or replayed trace lists the same agents as the live run.
 */

import type { PlanMode } from '../core/scenarios/types';
import { ranItsCourse, wasAborted } from '../core/trace/end-reason';
import type { TraceEvent } from '../core/trace/events';
import type { AgentCapabilities, AgentInfo, AgentRole, AgentState } from './types';

/** What the fold needs to know of the run besides its events. */
export interface AgentContext {
  readonly run: number;
  readonly mode: PlanMode;
  readonly policy: string;
  /** Tools each profile allows (profiles.json `allowedTools`), by profile name. */
  readonly allowedTools: Readonly<Record<string, readonly string[]>>;
  /** Tools the scenario gives every agent on top of its profile's (`draft`, `communicate`). */
  readonly ownTools: readonly string[];
  readonly maxSteps: number;
}

/** The orchestrator's tools (docs/architecture.md, the method) and the runtime's actions. */
const ORCHESTRATOR_CAPABILITIES: AgentCapabilities = {
  tools: ['create_subagent', 'assign_task'],
  actions: ['spawn', 'assign', 'join', 'replan', 'tool_call', 'finish'],
};
const ORCHESTRATOR = 'orchestrator';
/** The tool a decentralized team's peers message each other with (tools/communicate.ts). */
const MESSAGE_TOOL = 'communicate';

interface Mutable {
  name: string;
  role: AgentRole;
  profile: string | null;
  state: AgentState;
  currentTask: string | null;
  lastFailed: boolean;
  turns: number;
  toolCalls: number;
  tokens: number;
  errors: number;
  anomalies: number;
  quarantined: number;
}

export class AgentFold {
  private readonly agents = new Map<string, Mutable>();

  constructor(private readonly ctx: AgentContext) {}

  push(e: TraceEvent): void {
    switch (e.type) {
      case 'run.started':
        // Peers have no orchestrator: the runtime only schedules their rounds.
        if (this.ctx.mode !== 'peers') this.add(ORCHESTRATOR, 'orchestrator', null).state = 'running';
        break;
      case 'orchestrator.step': {
        const o = this.agents.get(ORCHESTRATOR);
        if (o) {
          o.turns++;
          o.errors += e.invalid.length;
        }
        break;
      }
      case 'subagent.spawned':
        this.add(e.subagent, this.ctx.mode === 'peers' ? 'peer' : 'subagent', e.profile);
        break;
      case 'task.started':
        this.set(e.subagent, (a) => {
          a.state = 'running';
          a.currentTask = e.task;
        });
        break;
      case 'task.finished':
        this.set(e.subagent, (a) => {
          a.state = 'idle';
          a.currentTask = null;
          a.lastFailed = false;
        });
        break;
      case 'task.failed':
        this.set(e.subagent, (a) => {
          a.state = 'idle';
          a.currentTask = null;
          a.lastFailed = true;
          a.errors++;
        });
        break;
      case 'task.cancelled':
        if (e.subagent !== undefined) {
          this.set(e.subagent, (a) => {
            a.state = 'cancelled';
            a.currentTask = null;
          });
        }
        break;
      case 'llm.turn':
        // A model orchestrator's own turns carry its name; a subagent's, the subagent's.
        this.set(e.subagent, (a) => {
          a.turns++;
          a.tokens += e['gen_ai.usage.input_tokens'] + e['gen_ai.usage.output_tokens'];
        });
        break;
      case 'tool.call':
        this.set(e.caller, (a) => {
          a.toolCalls++;
          if (!e.ok) a.errors++;
        });
        break;
      case 'anomaly.detected':
        this.set(e.subagent, (a) => {
          a.anomalies++;
        });
        break;
      case 'healing.action':
        if (e.action === 'quarantine') {
          this.set(e.subagent, (a) => {
            a.quarantined++;
          });
        }
        break;
      case 'run.finished':
        this.finish(e.reason);
        break;
      default:
        break;
    }
  }

  /** Every agent of the run, in the order it appeared. */
  list(): AgentInfo[] {
    return [...this.agents.values()].map((a) => this.info(a));
  }

  /** The run ended: nobody is idle or running any more. */
  private finish(reason: string): void {
    const ended = ranItsCourse(reason);
    for (const a of this.agents.values()) {
      a.currentTask = null;
      if (a.state === 'cancelled') continue;
      if (a.role === 'orchestrator') a.state = ended ? 'done' : wasAborted(reason) ? 'cancelled' : 'failed';
      else if (a.state === 'running') a.state = 'cancelled';
      else a.state = a.lastFailed ? 'failed' : 'done';
    }
  }

  private add(name: string, role: AgentRole, profile: string | null): Mutable {
    const agent: Mutable = {
      name,
      role,
      profile,
      state: 'idle',
      currentTask: null,
      lastFailed: false,
      turns: 0,
      toolCalls: 0,
      tokens: 0,
      errors: 0,
      anomalies: 0,
      quarantined: 0,
    };
    this.agents.set(name, agent);
    return agent;
  }

  private set(name: string, change: (agent: Mutable) => void): void {
    const agent = this.agents.get(name);
    if (agent) change(agent);
  }

  private capabilities(a: Mutable): AgentCapabilities {
    if (a.role === 'orchestrator') return ORCHESTRATOR_CAPABILITIES;
    // The same list the subagent's loop is given (run/subagent.ts): its profile's tools and
    // the scenario's own.
    const tools = [...new Set([...(this.ctx.allowedTools[a.profile ?? ''] ?? []), ...this.ctx.ownTools])];
    return {
      tools,
      actions: tools.includes(MESSAGE_TOOL) ? ['message'] : [],
      maxSteps: this.ctx.maxSteps,
    };
  }

  private info(a: Mutable): AgentInfo {
    return {
      id: `${this.ctx.run}/${a.name}`,
      run: this.ctx.run,
      name: a.name,
      role: a.role,
      profile: a.profile,
      ...(a.role === 'orchestrator' ? { policy: this.ctx.policy } : {}),
      capabilities: this.capabilities(a),
      state: a.state,
      currentTask: a.currentTask,
      counters: {
        turns: a.turns,
        toolCalls: a.toolCalls,
        tokens: a.tokens,
        errors: a.errors,
        anomalies: a.anomalies,
        quarantined: a.quarantined,
      },
    };
  }
}
