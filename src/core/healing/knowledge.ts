/**
 * The K of MAPE-K: what the swarm knows across runs — per scenario and size, the critical steps of
 * its recent healthy runs, whose median is the baseline an operator's rule holds a run to ("alert
 * when critical steps exceed 1.5× the known optimum", seed 001). Kept as plain data: the CLI in a
 * file (`swarm chaos --knowledge FILE`), read back through `readKnowledge`, which refuses what it
 * cannot trust.
 */
import * as v from 'valibot';
import { median } from './robust';

export const KNOWLEDGE_SCHEMA = 'swarmflight.knowledge/1';

/** Healthy runs remembered per key: recent ones, so the baseline follows a changing swarm. */
const keep = 20;

/** The knowledge file's schema; the Knowledge type is derived from it. */
const schema = v.object({
  schema: v.literal(KNOWLEDGE_SCHEMA, `schema is ${KNOWLEDGE_SCHEMA}`),
  /** `scenario:size` → critical steps of its last healthy runs, oldest first. */
  baselines: v.pipe(
    v.record(
      v.string(),
      v.pipe(
        v.array(v.pipe(v.number(), v.finite(), v.minValue(0)), 'a baseline is a list of critical steps'),
        v.readonly(),
      ),
    ),
    v.readonly(),
  ),
});

export type Knowledge = Readonly<v.InferOutput<typeof schema>>;

export const emptyKnowledge = (): Knowledge => ({ schema: KNOWLEDGE_SCHEMA, baselines: {} });

export const baselineKey = (scenario: string, size: number) => `${scenario}:${size}`;

/** The baseline for a key: the median of its healthy runs, or undefined before there is one. */
export function baselineOf(knowledge: Knowledge, key: string): number | undefined {
  const runs = knowledge.baselines[key];
  return runs && runs.length > 0 ? median(runs) : undefined;
}

/** Knowledge with one more healthy run of `key`. */
export function rememberRun(knowledge: Knowledge, key: string, criticalSteps: number): Knowledge {
  const runs = [...(knowledge.baselines[key] ?? []), criticalSteps].slice(-keep);
  return { ...knowledge, baselines: { ...knowledge.baselines, [key]: runs } };
}

export function readKnowledge(
  value: unknown,
): { ok: true; knowledge: Knowledge } | { ok: false; message: string } {
  const result = v.safeParse(schema, value);
  if (result.success) return { ok: true, knowledge: result.output };
  const issue = result.issues[0];
  const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
  return { ok: false, message: `${path ? `${path}: ` : ''}${issue.message}` };
}
