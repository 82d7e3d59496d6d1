/**
 * Fixed settings: one width and one profile for a whole run, the same choice the bandit makes per
 * task, but never learned — the baselines a learned orchestrator must beat (`fixed:all/large`).
 * A per-kind setting picks by the task's kind (`fixed:wide-search=all/large:deep-search=one/medium`; colons, as commas separate policies in a list):
 * the best fixed setting per kind is the stronger baseline.
 */
import type { Action, Policy, RunView } from '../policy/types';
import { type Choice, CONTROLS, launchable, PROFILES, toActions, WIDTHS } from './actions';
import { type Arm, banditArms } from './bandit-policy';

export const settingName = (arm: Arm): string => `${arm.width}/${arm.profile}`;

/** Every fixed setting: each width with each profile. */
export const fixedSettings = (profiles: readonly string[] = PROFILES): Arm[] => banditArms(profiles);

/** `all/large` → its setting; a refusal names what is accepted. */
export function parseSetting(text: string): Arm {
  const [width, profile, extra] = text.split('/');
  const widths = WIDTHS as readonly string[];
  const profiles = PROFILES as readonly string[];
  if (extra !== undefined || width === undefined || profile === undefined)
    throw new Error(`setting "${text}" is not WIDTH/PROFILE (e.g. all/large)`);
  if (!widths.includes(width))
    throw new Error(`setting "${text}": unknown width "${width}" (known: ${widths.join(', ')})`);
  if (!profiles.includes(profile))
    throw new Error(`setting "${text}": unknown profile "${profile}" (known: ${profiles.join(', ')})`);
  return { width: width as Arm['width'], profile };
}

/**
 * `all/large`, or `KIND=SETTING:KIND=SETTING…` with one setting per task kind (a kind not listed is refused
 * when the policy meets it).
 */
export function parseFixed(spec: string): Arm | ReadonlyMap<string, Arm> {
  if (!spec.includes('=')) return parseSetting(spec);
  const byKind = new Map<string, Arm>();
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
  return {
    name,
    plan: 'swarm',
    prioritize: (ctx) => Float64Array.from(ctx.cpm.bottomLevel),
    decide(view: RunView): Action[] {
      if (launchable(view) === 0) return [];
      const arm = setting instanceof Map ? setting.get(view.kind) : (setting as Arm);
      if (!arm) throw new Error(`${name} has no setting for a ${view.kind} task`);
      const choice: Choice = {
        width: WIDTHS.indexOf(arm.width),
        profile: PROFILES.indexOf(arm.profile as (typeof PROFILES)[number]),
        control: CONTROLS.indexOf('go'),
      };
      return toActions(view, choice);
    },
  };
}
