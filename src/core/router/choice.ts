/**
 * What the router chooses between: a topology (who runs the task) and a workflow (what kind of
 * task it is), named together by one label such as "swarm/wide-search" so a classifier class, a
 * bandit arm and a checkpoint key are the same string.
 */

import { defaultFormationOf, KIND_IDS, type KindId } from '../scenarios/registry';
import { TOPOLOGIES, type TopologyWord } from '../trace/events';

/**
 * `single`: one agent; `swarm`: an orchestrator with frozen subagents; `peers`: decentralized
 * agents with no orchestrator — one vocabulary with team plans and plan modes (trace/events.ts).
 */
export const topologies = TOPOLOGIES;
export type Topology = TopologyWord;

/**
 * The task scenarios' kinds (a logged run's workflow is its scenario kind): `write-story` a story
 * from a theme, style and characters; `teach-explain` a lesson for an age or grade with exercises
 * and answers; `rag-qa` an answer from the user's own documents, with citations; `compare-options`
 * a choice among options on weighted criteria, where independent judgements and a vote beat one
 * judge; and, last, `general` for a request none of the others is.
 */
export type Workflow = KindId;
export const workflows: readonly Workflow[] = KIND_IDS;

export interface Choice {
  readonly topology: Topology;
  readonly workflow: Workflow;
}

export type ChoiceLabel = `${Topology}/${Workflow}`;

export const choiceLabel = (c: Choice): ChoiceLabel => `${c.topology}/${c.workflow}`;

/**
 * The topology a workflow runs with when nothing says otherwise, its kind's (registry.ts,
 * `defaultFormationOf`): one agent for a general request, peers for a comparison (independent
 * judges and a vote), a swarm for every other task workflow (what the rules vote for, and where a
 * candidate's floor goes).
 */
export const defaultTopology = (workflow: Workflow): Topology => defaultFormationOf(workflow);

/** The choice a label names, or undefined when it names none. */
export function parseChoiceLabel(label: string): Choice | undefined {
  const [topology, workflow, ...rest] = label.split('/');
  if (rest.length > 0) return undefined;
  if (!(topologies as readonly string[]).includes(topology ?? '')) return undefined;
  if (!(workflows as readonly string[]).includes(workflow ?? '')) return undefined;
  return { topology: topology as Topology, workflow: workflow as Workflow };
}

/** Frozen profiles from smallest to largest: escalation moves one place right. */
export const profileLadder = ['small', 'medium', 'large'] as const;
export type Profile = (typeof profileLadder)[number];

/** The next larger profile; the largest stays itself (there is nothing larger to ask). */
export function largerProfile(profile: Profile): Profile {
  const i = profileLadder.indexOf(profile);
  return profileLadder[Math.min(i + 1, profileLadder.length - 1)] as Profile;
}
