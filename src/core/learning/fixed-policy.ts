/**
 * Fixed settings: one width and one profile for a whole run, the same choice the bandit makes per
 * task, but never learned — the baselines a learned orchestrator must beat (`fixed:all/large`).
 * `solo/PROFILE` runs the task as one agent of that profile, with no subagents to brief or merge.
 * A per-kind setting picks by the task's kind (`fixed:wide-search=all/large:deep-search=one/medium`; colons, as commas separate policies in a list):
 * the best fixed setting per kind is the stronger baseline.
 */
import type { Action, PlanView, Policy, RunView } from '../policy/types';
import { launchable, PROFILES, RETRIES, type RetryChoice, toActions, WIDTHS } from './actions';
import { type Arm, armChoice, banditArms } from './bandit-policy';

/** A fixed setting: what a bandit arm is, never learned. */
export type Setting = Arm;

export const settingName = (arm: Setting): string =>
  `${arm.width}/${arm.profile}${arm.retry && arm.retry !== 'retry' ? `/${arm.retry}` : ''}`;

/** Every fixed setting: solo on each profile, then each width with each profile (the bandit's arms). */
export const fixedSettings = (profiles: readonly string[] = PROFILES): Setting[] => banditArms(profiles);

/**
 * `all/large` → its setting, or `all/medium/escalate` with what a failed task's next attempt does
 * (retry, escalate, degrade: RETRIES); a refusal names what is accepted.
 */
export function parseSetting(text: string): Setting {
  const [width, profile, retry, extra] = text.split('/');
  const widths = ['solo', ...WIDTHS] as readonly string[];
  const profiles = PROFILES as readonly string[];
  if (extra !== undefined || width === undefined || profile === undefined)
    throw new Error(`setting "${text}" is not WIDTH/PROFILE[/RETRY] (e.g. all/large, all/medium/escalate)`);
  if (retry !== undefined && !(RETRIES as readonly string[]).includes(retry))
    throw new Error(`setting "${text}": unknown retry "${retry}" (known: ${RETRIES.join(', ')})`);
  if (!widths.includes(width))
    throw new Error(`setting "${text}": unknown width "${width}" (known: ${widths.join(', ')})`);
  if (!profiles.includes(profile))
    throw new Error(`setting "${text}": unknown profile "${profile}" (known: ${profiles.join(', ')})`);
  return {
    width: width as Setting['width'],
    profile,
    ...(retry !== undefined && retry !== 'retry' ? { retry: retry as RetryChoice } : {}),
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
    if (!kind || setting === undefined) throw new Error(`"${part}" is not KIND=WIDTH/PROFILE`);
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
    planFor: (view: PlanView) => (settingFor(view.kind).width === 'solo' ? 'single' : 'swarm'),
    prioritize: (ctx) => Float64Array.from(ctx.cpm.bottomLevel),
    decide(view: RunView): Action[] {
      if (launchable(view) === 0) return [];
      const arm = settingFor(view.kind);
      return toActions(view, armChoice(arm));
    },
  };
}
