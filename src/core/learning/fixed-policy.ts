/**
 * Fixed settings: one width and one profile for a whole run, the same choice the bandit makes per
 * task, but never learned — the baselines a learned orchestrator must beat (`fixed:all/large`).
 * `single/PROFILE` runs the task as one agent of that profile, with no subagents to brief or merge
 * (`solo/PROFILE`, the older word, is read as it).
 * A per-kind setting picks by the task's kind (`fixed:wide-search=all/large:deep-search=one/medium`; colons, as commas separate policies in a list):
 * the best fixed setting per kind is the stronger baseline.
 */
import type { Action, PlanView, Policy, RunView } from '../policy/types';
import { MAX_REPLICAS } from '../scenarios/cut';
import { launchable, PROFILES, RETRIES, type RetryChoice, WIDTHS } from './actions';
import {
  type Arm,
  armActions,
  armName,
  armPlan,
  armWidth,
  cascadeArms,
  cutArms,
  uncutArms,
} from './bandit-policy';
import { type CascadeSteps, parseCascade } from './cascade';

/** A setting's name, as `fixed:` takes it (all/large, all/medium/escalate, all/small/vote3). */
export const settingName = armName;

/** A fixed setting: what a bandit arm is, never learned. */
export type Setting = Arm;

/** Every fixed setting that does not cut a swarm: single on each profile, then each width with each profile. */
export const fixedSettings = (profiles: readonly string[] = PROFILES): Setting[] => uncutArms(profiles);

/** The settings that cut a swarm (the bandit's cut arms): vote3, shard2 and shard12 on each profile. */
export const cutSettings = (profiles: readonly string[] = PROFILES): Setting[] => cutArms(profiles);

/** Every uncut and cut setting with the deadline-aware cascade (the bandit's cascade arms). */
export const cascadeSettings = (profiles: readonly string[] = PROFILES): Setting[] => cascadeArms(profiles);

const FORM =
  'WIDTH/PROFILE[/RETRY|/cascade[+STEP…]][/voteN][/shardN] (e.g. all/large, all/medium/escalate, all/medium/cascade, all/small/vote3, all/large/shard3)';

/**
 * `all/large` → its setting; after the profile, in any order: what a failed task's next attempt
 * does (retry, escalate, degrade: RETRIES), `voteN` (N replicas per votable part) and `shardN` (N
 * units of work per shard). A refusal names what is accepted.
 */
export function parseSetting(text: string): Setting {
  const [named, profile, ...rest] = text.split('/');
  const width = named === undefined ? undefined : armWidth(named);
  const widths = ['single', ...WIDTHS] as readonly string[];
  const profiles = PROFILES as readonly string[];
  if (width === undefined || profile === undefined || width === '' || profile === '')
    throw new Error(`setting "${text}" is not ${FORM}`);
  if (!widths.includes(width))
    throw new Error(`setting "${text}": unknown width "${width}" (known: ${widths.join(', ')})`);
  if (!profiles.includes(profile))
    throw new Error(`setting "${text}": unknown profile "${profile}" (known: ${profiles.join(', ')})`);
  let retry: RetryChoice | undefined;
  let steps: CascadeSteps | undefined;
  let replicas: number | undefined;
  let shard: number | undefined;
  for (const part of rest) {
    const vote = /^vote(\d+)$/.exec(part);
    const cut = /^shard(\d+)$/.exec(part);
    let cascade: CascadeSteps | undefined;
    try {
      cascade = parseCascade(part);
    } catch (error) {
      throw new Error(`setting "${text}": ${(error as Error).message}`);
    }
    if (cascade && retry === undefined && steps === undefined) steps = cascade;
    else if ((RETRIES as readonly string[]).includes(part) && retry === undefined && steps === undefined)
      retry = part as RetryChoice;
    else if (vote && replicas === undefined) replicas = Number(vote[1]);
    else if (cut && shard === undefined) shard = Number(cut[1]);
    else
      throw new Error(
        `setting "${text}": "${part}" is not a retry (${RETRIES.join(', ')}), a cascade, voteN or shardN, or is given twice (a retry and a cascade are one choice); the form is ${FORM}`,
      );
  }
  if (replicas !== undefined && (replicas < 1 || replicas > MAX_REPLICAS))
    throw new Error(`setting "${text}": vote${replicas} must have 1 to ${MAX_REPLICAS} replicas`);
  if (shard !== undefined && shard < 1)
    throw new Error(`setting "${text}": shard${shard} must hold at least 1 unit`);
  if (width === 'single' && (replicas !== undefined || shard !== undefined))
    throw new Error(`setting "${text}": a single agent is not cut into shards or replicas`);
  return {
    width: width as Setting['width'],
    profile,
    ...(retry !== undefined && retry !== 'retry' ? { retry } : {}),
    ...(steps !== undefined ? { cascade: steps } : {}),
    ...(replicas !== undefined && replicas > 1 ? { replicas } : {}),
    ...(shard !== undefined ? { shard } : {}),
  };
}

/**
 * `all/large`, or `KIND=SETTING:KIND=SETTING…` with one setting per task kind (a kind not listed is refused
 * when the policy meets it).
 */
export function parseFixed(spec: string): Setting | ReadonlyMap<string, Setting> {
  if (!spec.includes('=')) return parseSetting(spec);
  const byKind = new Map<string, Setting>();
  for (const part of spec.split(':')) {
    const [kind, setting] = part.split('=');
    if (!kind || setting === undefined) throw new Error(`"${part}" is not KIND=${FORM}`);
    if (byKind.has(kind)) throw new Error(`kind "${kind}" is given twice`);
    byKind.set(kind, parseSetting(setting));
  }
  return byKind;
}

export function fixedPolicy(spec: string): Policy {
  const setting = parseFixed(spec);
  const name = `fixed:${spec}`;
  const settingFor = (kind: string): Setting => {
    const arm = setting instanceof Map ? setting.get(kind) : (setting as Setting);
    if (!arm) throw new Error(`${name} has no setting for a ${kind} task`);
    return arm;
  };
  return {
    name,
    plan: 'swarm',
    planFor: (view: PlanView) => armPlan(settingFor(view.kind), view),
    prioritize: (ctx) => Float64Array.from(ctx.cpm.bottomLevel),
    decide(view: RunView): Action[] {
      if (launchable(view) === 0) return [];
      return armActions(view, settingFor(view.kind));
    },
  };
}
