/**
 * The mixed task distribution (`scenarios/mix.json`, `kind: "mix"`) and its curriculum, as data.
 * A mix names task scenarios with a weight, a size range and the budgets an episode of it runs
 * under; the curriculum is a list of phases, each reweighting the components until a share of
 * training is done (for example: wide search alone first, then everything). Bench draws the same
 * distribution with the last phase's weights, so a trained policy is scored on what it was
 * finally trained on.
 */
import * as v from 'valibot';
import type { TaskScenarioSpec } from '../scenarios/registry';
import {
  type Assignable,
  fileId,
  got,
  issueProblems,
  parseJson,
  report,
  strict,
  text,
  whole,
} from '../scenarios/spec-fields';
import { keyedRng } from '../util/rng';

export interface MixComponent {
  /** A task scenario id (scenarios/ID.json). */
  readonly scenario: string;
  readonly weight: number;
  /** Instance sizes drawn uniformly from [min, max]. */
  readonly sizes: readonly [number, number];
  /** Critical steps an episode may take: over it, the episode fails. */
  readonly maxCriticalSteps: number;
  /** Total steps (every agent's) an episode may take, for training against total steps instead. */
  readonly maxTotalSteps: number;
  /** Engines an instance's agents share, drawn per instance (the scenario file's when absent). */
  readonly engines?: readonly [number, number];
  /** The range of an instance's difficulty (the scenario file's when absent). */
  readonly difficulty?: readonly [number, number];
  /** How far a part's difficulty may be from the instance's (the scenario file's when absent). */
  readonly taskSpread?: number;
}

export interface CurriculumPhase {
  /** The phase lasts until this share of the training episodes is done. */
  readonly until: number;
  /** Weight per component scenario id; components left out get 0. */
  readonly weights: Readonly<Record<string, number>>;
}

export interface MixSpec {
  readonly kind: 'mix';
  readonly id: string;
  readonly title?: string;
  readonly description?: string;
  readonly components: readonly MixComponent[];
  readonly curriculum: readonly CurriculumPhase[];
}

const positive = () => v.pipe(v.number(), v.finite(), v.minValue(0));
const componentSchema = strict('mix component', {
  scenario: text(),
  weight: positive(),
  sizes: v.tuple([whole(1), whole(1)]),
  maxCriticalSteps: whole(1),
  maxTotalSteps: whole(1),
  engines: v.optional(v.tuple([whole(1), whole(1)])),
  difficulty: v.optional(
    v.tuple([
      v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
      v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
    ]),
  ),
  taskSpread: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
});
const mixSchema = strict('mix', {
  kind: v.literal('mix'),
  id: fileId(),
  title: v.optional(text()),
  description: v.optional(v.string()),
  components: v.pipe(v.array(componentSchema), v.minLength(1)),
  curriculum: v.array(
    strict('curriculum phase', {
      until: v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
      weights: v.record(v.string(), positive()),
    }),
  ),
});
type _Fits = Assignable<v.InferOutput<typeof mixSchema>, MixSpec>;

export type MixResult = { ok: true; spec: MixSpec } | { ok: false; error: string };

export function parseMix(textIn: string, file: string): MixResult {
  const json = parseJson(textIn, file);
  if (!json.ok) return json;
  const result = v.safeParse(mixSchema, json.value, { abortPipeEarly: true });
  if (!result.success) return report(file, issueProblems(result.issues));
  const spec: MixSpec = result.output;
  const ids = new Set(spec.components.map((c) => c.scenario));
  const problems: { path: string; message: string }[] = [];
  spec.components.forEach((c, i) => {
    for (const field of ['engines', 'difficulty'] as const) {
      const range = c[field];
      if (range && range[0] > range[1])
        problems.push({
          path: `components.${i}.${field}`,
          message: `expected [min, max] with min ≤ max, got ${got(range)}`,
        });
    }
    if (c.sizes[0] > c.sizes[1])
      problems.push({
        path: `components.${i}.sizes`,
        message: `expected [min, max] with min ≤ max, got ${got(c.sizes)}`,
      });
  });
  spec.curriculum.forEach((phase, i) => {
    for (const id of Object.keys(phase.weights)) {
      if (!ids.has(id))
        problems.push({
          path: `curriculum.${i}.weights.${id}`,
          message: `expected one of the components (${[...ids].join(', ')})`,
        });
    }
    const prev = i > 0 ? (spec.curriculum[i - 1] as CurriculumPhase).until : 0;
    if (phase.until < prev)
      problems.push({
        path: `curriculum.${i}.until`,
        message: `expected phases in order (≥ ${prev}), got ${phase.until}`,
      });
  });
  return problems.length > 0 ? report(file, problems) : { ok: true, spec };
}

/**
 * The scenario file a mix component names, among the files read with the mix. A mix read by the
 * hosts (parseMix, then every component's file) never misses one; a hand-built one may.
 */
export function specOf(
  specs: Readonly<Record<string, TaskScenarioSpec>>,
  scenario: string,
): TaskScenarioSpec {
  const spec = Object.hasOwn(specs, scenario) ? specs[scenario] : undefined;
  if (!spec) throw new Error(`the mix names scenario "${scenario}", whose file was not read with it`);
  return spec;
}

/**
 * The scenario file an instance of `component` runs under: the mix's budget, engines and
 * difficulty laid over the file's own. `budgetOn: 'total'` leaves the critical-steps budget alone.
 */
export function componentSpec(
  base: TaskScenarioSpec,
  component: MixComponent,
  budgetOn: 'critical' | 'total' = 'critical',
): TaskScenarioSpec {
  return {
    ...base,
    budgets: {
      ...base.budgets,
      ...(budgetOn === 'critical' ? { maxCriticalSteps: component.maxCriticalSteps } : {}),
    },
    ...(component.engines ? { engines: component.engines } : {}),
    ...(component.difficulty ? { difficulty: component.difficulty } : {}),
    ...(component.taskSpread !== undefined ? { taskSpread: component.taskSpread } : {}),
  };
}

/** The component weights in force after `progress` (0…1) of training. */
export function weightsAt(mix: MixSpec, progress: number): number[] {
  const phase = mix.curriculum.find((p) => progress < p.until);
  return mix.components.map((c) => (phase ? (phase.weights[c.scenario] ?? 0) : c.weight));
}

export interface Draw {
  readonly component: MixComponent;
  readonly index: number;
  readonly size: number;
}

/** One episode's task: a component by weight and a size in its range, from keyedRng(seed, key). */
export function drawTask(mix: MixSpec, weights: readonly number[], seed: number, key: string): Draw {
  const rng = keyedRng(seed, 'mix', key);
  const total = weights.reduce((a, b) => a + b, 0);
  if (!(total > 0)) throw new Error(`mix "${mix.id}": every component weighs 0 here`);
  let u = rng.next() * total;
  let index = weights.length - 1;
  for (let i = 0; i < weights.length; i++) {
    u -= weights[i] as number;
    if (u < 0) {
      index = i;
      break;
    }
  }
  const component = mix.components[index] as MixComponent;
  return { component, index, size: rng.int(component.sizes[0], component.sizes[1]) };
}

/**
 * The evaluation draw for bench seed `seed`: components in turn (seed mod their count, so 20
 * seeds split as evenly as they can), the size from the seed.
 */
export function drawBenchTask(mix: MixSpec, seed: number): Draw {
  const index = ((seed % mix.components.length) + mix.components.length) % mix.components.length;
  const component = mix.components[index] as MixComponent;
  const rng = keyedRng(seed, 'mix-size');
  return { component, index, size: rng.int(component.sizes[0], component.sizes[1]) };
}
