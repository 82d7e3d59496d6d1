/**
 * A logged run as off-policy evaluation reads it: its reward, and each learned decision it took in
 * full (the plan or arm in the header, each step on its `orchestrator.step`) with the behaviour
 * probability of the actions taken. A trace that cannot give those is refused, saying why: greedy
 * play (its behaviour probability was 1 for the likeliest option and 0 for every other, so no other
 * policy's choices can be weighed), a trace from before decisions were logged, a run of no learned
 * policy (docs/learning.md, "Off-policy evaluation").
 */
import type { DecisionLog, TraceEvent } from '../trace/events';
import type { TraceHeader } from '../trace/header';
import { decodeStep, STEP_HEADS } from './decision-log';

/** One learned decision of a logged run: where it was taken, what it saw, what acted. */
export interface LoggedDecision {
  /** `plan` and `arm` come first, from the header; `step` at each orchestrator decision. */
  readonly head: 'plan' | 'arm' | 'step';
  readonly log: DecisionLog;
  /** π_b of the actions taken: the behaviour distribution's mass on every option acting alike. */
  readonly behaviour: number;
  /** The option the first decision chose (plan or arm index), for the reward model. */
  readonly chosen?: number;
}

export interface LoggedRun {
  readonly scenario: string;
  readonly seed: number;
  readonly policy: string;
  readonly checkpoint?: string;
  readonly reward: number;
  readonly decisions: readonly LoggedDecision[];
  /** The header's `decisionOptions`: each head's options by name. */
  readonly options: Readonly<Record<string, readonly string[]>>;
  readonly header: TraceHeader;
}

/** Why a trace cannot be used, in words naming what is accepted. */
export class UnusableLog extends Error {}

const ACCEPTED =
  'accepted: traces of a trained policy (parl:FILE or bandit:FILE) played with play "sample" (swarm bench --play sample --trace-dir DIR), which log each decision in full';

/** Reads one trace into a logged run, or throws UnusableLog saying what is wrong and what is accepted. */
export function loggedRun(header: TraceHeader, events: readonly TraceEvent[]): LoggedRun {
  const where = `${header.scenario.id} seed ${header.seed} (${header.policy})`;
  if (!header.decisionOptions || !header.planDecision)
    throw new UnusableLog(
      `${where}: its decisions are not logged in full (no distributions or features: a run of a built-in or fixed policy, or a trace from before they were recorded); ${ACCEPTED}`,
    );
  if (header.play !== 'sample')
    throw new UnusableLog(
      `${where}: it was played greedily${header.play === undefined ? ' (a trace that does not say how it was played is from before sampling play, all of them greedy)' : ''}, so the behaviour probability of each choice was 1 and of every other 0, and no other policy's choices can be weighed; ${ACCEPTED}`,
    );
  const finished = events.find((e) => e.type === 'run.finished');
  const reward = finished?.type === 'run.finished' ? finished.metrics.reward : undefined;
  if (reward === undefined || !Number.isFinite(reward))
    throw new UnusableLog(
      `${where}: it has no run.finished event with a reward (a run cut short?); ${ACCEPTED}`,
    );
  const options = header.decisionOptions;
  const first = header.planDecision;
  const firstHead = 'arm' in first.heads ? 'arm' : 'plan';
  const chosenName = header.planChoices?.find((c) => c.head === firstHead)?.option;
  const chosen = chosenName === undefined ? -1 : (options[firstHead]?.indexOf(chosenName) ?? -1);
  if (chosen < 0 || !first.same.includes(chosen))
    throw new UnusableLog(`${where}: its ${firstHead} choice is not among its logged options; ${ACCEPTED}`);
  const decisions: LoggedDecision[] = [
    { head: firstHead, log: first, behaviour: behaviourOf(firstHead, first), chosen },
  ];
  for (const e of events)
    if (e.type === 'orchestrator.step' && e.decision)
      decisions.push({ head: 'step', log: e.decision, behaviour: behaviourOf('step', e.decision) });
  for (const d of decisions)
    if (!(d.behaviour > 0))
      throw new UnusableLog(
        `${where}: a logged ${d.head} decision gives the actions it took probability 0; ${ACCEPTED}`,
      );
  return {
    scenario: header.scenario.id,
    seed: header.seed,
    policy: header.policy,
    ...(header.policyCheckpoint ? { checkpoint: header.policyCheckpoint } : {}),
    reward,
    decisions,
    options,
    header,
  };
}

/** π(S): the mass a decision's distributions put on the joint options acting as the choice did. */
export function behaviourOf(head: 'plan' | 'arm' | 'step', log: DecisionLog): number {
  return massOn(head, log.heads, log.same);
}

/** The mass `heads` (one distribution per head, as logged) put on the joint options `same`. */
export function massOn(
  head: 'plan' | 'arm' | 'step',
  heads: Readonly<Record<string, ArrayLike<number>>>,
  same: readonly number[],
): number {
  if (head !== 'step') {
    const p = heads[head] as ArrayLike<number>;
    return same.reduce((sum, k) => sum + ((p[k] as number) ?? 0), 0);
  }
  let sum = 0;
  for (const j of same) {
    const c = decodeStep(j);
    let q = 1;
    for (const h of STEP_HEADS) q *= (heads[h] as ArrayLike<number>)[c[h]] as number;
    sum += q;
  }
  return sum;
}
