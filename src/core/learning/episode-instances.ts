/**
 * The instances of a training's recent episodes, remembered: the episodes of a group play one
 * instance (episode.ts), and generating it again for each of them — its world of ~500 pages, the
 * search index over them (tools/search.ts keeps one per world), a rag-qa instance's knowledge base
 * (notes-knowledge.ts keeps one per instance) — was a third of a rollout's time. An instance is a
 * pure function of its spec, seed and size, and no run changes it
 * (tests/core/learning/episode-instances.test.ts plays a training on frozen instances), so the
 * same object serves every episode that asks for it and the episodes play as before, bit for bit.
 */

import { scenarioKinds, type TaskScenarioSpec } from '../scenarios/registry';
import type { ScenarioInstance } from '../scenarios/types';

/**
 * A batch holds 16 groups of 4: enough for a whole batch's groups, should one worker be handed
 * episodes of every group (the rollout pool keeps a group on one worker when it can).
 */
const KEPT = 16;

/** Instances by key, oldest first; one memory per training environment (a WeakMap's key). */
const memories = new WeakMap<object, Map<string, ScenarioInstance>>();

/**
 * The instance of `spec` at `seed` and `size`, generated once for as long as it is among the
 * `KEPT` last asked for under `owner` (a training environment). `key` names the spec: the same key
 * must mean the same spec.
 */
export function episodeInstance(
  owner: object,
  key: string,
  spec: TaskScenarioSpec,
  seed: number,
  size: number,
): ScenarioInstance {
  let memory = memories.get(owner);
  if (!memory) {
    memory = new Map();
    memories.set(owner, memory);
  }
  const id = `${key}\u0000${seed}\u0000${size}`;
  const known = memory.get(id);
  if (known) {
    // The last asked for goes to the end: the oldest is the one forgotten.
    memory.delete(id);
    memory.set(id, known);
    return known;
  }
  const kind = scenarioKinds[spec.kind as keyof typeof scenarioKinds];
  const instance: ScenarioInstance = kind.generate(spec, seed, size);
  memory.set(id, instance);
  if (memory.size > KEPT) memory.delete(memory.keys().next().value as string);
  return instance;
}
