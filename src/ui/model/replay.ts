/**
 * A run as the page draws it, folded from its trace events: the graph (from `run.started`, so a
 * trace alone is enough), each task's state, each attempt as a timeline segment, the subagents.
 * `RunFolder` takes events one at a time — a live run of 10,000 events is one pass — and
 * `foldTrace(events, upTo)` replays a stored run up to an event, for the scrubber.
 */

import type { TaskGraph } from '../../core/graph/types';
import { graphOrThrow } from '../../core/graph/validate';
import { AttemptFold, type TaskAttempt, type TaskState } from '../../core/trace/attempts';
import type { Grade, PolicyChoice, TraceEvent } from '../../core/trace/events';
import { realizedLowerBound } from '../../core/trace/realized-bound';
import { type Attempt, RealizedFold, type RealizedPath, type Stage } from '../../core/trace/realized-path';
import { evidenceWords, faultAbout } from '../i18n/evidence-words';
import { type Said, words } from '../i18n/words';
import { shortenLabel } from '../shorten-label';
import { agentNames } from './agent-names';

export type TaskStatus = TaskState;
export type Segment = TaskAttempt;

export interface RunSnapshot {
  readonly graph: TaskGraph | undefined;
  readonly status: ReadonlyMap<string, TaskStatus>;
  /** Every attempt, in the order it started. */
  readonly segments: readonly Segment[];
  /** Subagents in spawn order, with their profile. */
  readonly subagents: readonly { readonly id: string; readonly profile: string }[];
  /** Step-time of the last event folded. */
  readonly t: number;
  /** Seq of the last event folded, -1 before any. */
  readonly seq: number;
  readonly finished: boolean;
  /** The grader's verdict (`run.graded`), once given: its criteria are what the Quality card lists. */
  readonly grade: Grade | undefined;
  /** A model orchestrator's calls (policy `llm`), latest last, at most ORCHESTRATOR_CALLS. */
  readonly orchestrator: readonly OrchestratorCall[];
  /** Its turns, and the last one that failed (the provider's error in words), if any. */
  readonly orchestratorTurns: number;
  readonly orchestratorError: string | undefined;
  /** What the run really took: its critical path, stages and lower bound, from the trace. */
  readonly realized: Realized;
  /** Messages between agents (a decentralized run's board), in the order delivered. */
  readonly messages: readonly AgentMessage[];
  /** What the self-healing loop saw and did, and the faults a chaos run put in, in order. */
  readonly incidents: readonly Incident[];
  /** A learned policy's decisions with their probabilities (orchestrator.step choices), latest last. */
  readonly decisions: readonly PolicyDecision[];
  /**
   * Subagent → the name the page shows it by, when a team plan named roles (agent-names.ts):
   * "Writer · sa-3". A subagent missing here is shown by its id.
   */
  readonly names: ReadonlyMap<string, string>;
}

/** One decision of a learned policy, as the trace recorded it. */
export interface PolicyDecision {
  readonly step: number;
  readonly t: number;
  readonly choices: readonly PolicyChoice[];
}

/** Decisions kept for the view: a run of thousands of tasks makes as many. */
export const POLICY_DECISIONS = 40;

/** A fault put in, an anomaly detected, or a healing action taken (docs/healing.md). */
export interface Incident {
  readonly type: 'fault' | 'anomaly' | 'action';
  /** The fault, the anomaly's kind, or the action. */
  readonly name: string;
  readonly subagent: string;
  readonly task: string | undefined;
  readonly attempt: number | undefined;
  readonly t: number;
  /** What the fault makes its agent do, the anomaly's evidence, or the action's reason (the anomaly's kind). */
  readonly detail: Said;
}

export interface AgentMessage {
  readonly from: string;
  readonly to: string;
  readonly round: number;
  readonly content: string;
  readonly t: number;
}

export interface Realized {
  readonly path: RealizedPath;
  readonly stages: readonly Stage[];
  /** Attempts with the stage that launched each (indices of `stages`), in start order. */
  readonly attempts: readonly Readonly<Attempt>[];
  /** From realized durations: never above the critical steps (core/trace/realized-bound). */
  readonly lowerBound: number;
  /** S_main: step-time of one orchestrator step. */
  readonly mainStepCost: number;
  /** Step-time the run ended at, once it has. */
  readonly endedAt: number | undefined;
  /**
   * Why it ended (run.finished's reason: 'completed', 'aborted', 'budget:…'), once it has: a run
   * stopped before its tasks ended has no critical path of the task, only the chain up to the stop.
   */
  readonly endReason?: string;
}

export interface OrchestratorCall {
  readonly t: number;
  readonly tool: string;
  /** The arguments as written, shortened for the page. */
  readonly args: string;
  readonly ok: boolean;
  readonly result: string;
}

/** The orchestrator calls a snapshot keeps: a view of the latest, not the whole conversation. */
export const ORCHESTRATOR_CALLS = 60;
/** The columns a call's arguments and its result are shown in, "…" included (../shorten-label.ts). */
const CALL_ARGS = 161;
const CALL_RESULT = 201;

const terminal: ReadonlySet<TaskStatus> = new Set(['done', 'failed', 'skipped', 'cancelled', 'degraded']);

export class RunFolder {
  private graph: TaskGraph | undefined;
  private readonly realized: RealizedFold;
  /** Task states and attempts: the trace's one fold (core), shared with the schedule and the export. */
  private fold = new AttemptFold();
  private subagents: { id: string; profile: string }[] = [];
  private t = 0;
  private seq = -1;
  private finished = false;
  private endReason: string | undefined;
  private grade: Grade | undefined;
  private calls: OrchestratorCall[] = [];
  private turns = 0;
  private turnError: string | undefined;
  private messages: AgentMessage[] = [];
  private incidents: Incident[] = [];
  private decisions: PolicyDecision[] = [];

  /**
   * `mainStepCost` from the run's header: the realized path counts each orchestrator step as that.
   * `roles` from the header too (task → role), when a team plan named them.
   */
  constructor(
    private readonly mainStepCost = 1,
    private readonly roles?: Readonly<Record<string, string>>,
  ) {
    this.realized = new RealizedFold(mainStepCost);
  }

  push(e: TraceEvent): void {
    this.t = Math.max(this.t, e.t);
    this.seq = e.seq;
    this.fold.push(e);
    this.realized.push(e);
    switch (e.type) {
      case 'run.started':
        this.graph = graphOrThrow({ kind: 'graph', id: 'run', tasks: e.tasks });
        break;
      case 'orchestrator.step':
        if (e.choices && e.choices.length > 0) {
          this.decisions.push({ step: e.step, t: e.t, choices: e.choices });
          if (this.decisions.length > 2 * POLICY_DECISIONS)
            this.decisions = this.decisions.slice(-POLICY_DECISIONS);
        }
        break;
      case 'subagent.spawned':
        this.subagents.push({ id: e.subagent, profile: e.profile });
        break;
      case 'run.finished':
        this.finished = true;
        this.endReason = e.reason;
        break;
      case 'run.graded':
        this.grade = e;
        break;
      case 'agent.message':
        this.messages.push({ from: e.from, to: e.to, round: e.round, content: e.content, t: e.t });
        break;
      case 'chaos.fault':
        this.incidents.push({
          type: 'fault',
          name: e.fault,
          subagent: e.subagent,
          task: e.task,
          attempt: e.attempt,
          t: e.t,
          detail: words('incident.faultDetail', { about: faultAbout(e.fault) }),
        });
        break;
      case 'anomaly.detected':
        this.incidents.push({
          type: 'anomaly',
          name: e.kind,
          subagent: e.subagent,
          task: e.task,
          attempt: e.attempt,
          t: e.t,
          detail: evidenceWords(e.kind, e.evidence),
        });
        break;
      case 'healing.action':
        this.incidents.push({
          type: 'action',
          name: e.action,
          subagent: e.subagent,
          task: e.task,
          attempt: e.attempt,
          t: e.t,
          detail: e.reason,
        });
        break;
      case 'llm.turn':
        if (e.task === undefined && e.subagent === 'orchestrator') {
          this.turns++;
          if (e.finishReason.startsWith('error: ')) this.turnError = e.finishReason.slice(7);
        }
        break;
      case 'tool.call':
        if (e.caller === 'orchestrator') {
          const args = typeof e.args === 'string' ? e.args : JSON.stringify(e.args);
          this.calls.push({
            t: e.t,
            tool: e.tool,
            args: shortenLabel(args, CALL_ARGS),
            ok: e.ok,
            result: shortenLabel(e.result, CALL_RESULT),
          });
          if (this.calls.length > 2 * ORCHESTRATOR_CALLS) this.calls = this.calls.slice(-ORCHESTRATOR_CALLS);
        }
        break;
    }
  }

  snapshot(): RunSnapshot {
    return {
      graph: this.graph,
      status: new Map(this.fold.states),
      segments: [...this.fold.attempts],
      subagents: [...this.subagents],
      t: this.t,
      seq: this.seq,
      finished: this.finished,
      grade: this.grade,
      orchestrator: this.calls.slice(-ORCHESTRATOR_CALLS),
      orchestratorTurns: this.turns,
      orchestratorError: this.turnError,
      messages: [...this.messages],
      incidents: [...this.incidents],
      decisions: this.decisions.slice(-POLICY_DECISIONS),
      names: agentNames(this.roles, this.fold.attempts),
      realized: {
        path: this.realized.path(),
        stages: this.realized.stages(),
        attempts: this.realized.attempts.map((a) => ({ ...a })),
        lowerBound: realizedLowerBound(this.realized, this.mainStepCost),
        mainStepCost: this.mainStepCost,
        endedAt: this.realized.endedAt,
        ...(this.endReason === undefined ? {} : { endReason: this.endReason }),
      },
    };
  }
}

/** The run as it stood after event `upTo` (a seq; default: the end). */
export function foldTrace(
  events: Iterable<TraceEvent>,
  upTo = Number.POSITIVE_INFINITY,
  mainStepCost = 1,
  roles?: Readonly<Record<string, string>>,
): RunSnapshot {
  const folder = new RunFolder(mainStepCost, roles);
  for (const e of events) {
    if (e.seq > upTo) break;
    folder.push(e);
  }
  return folder.snapshot();
}

export const isTerminal = (status: TaskStatus) => terminal.has(status);
