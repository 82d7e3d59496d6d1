/**
 * Deep-search instances (BrowseComp-style multi-hop questions): each question names a start entity
 * of the offline world and a chain of links to follow from it; the answer is the name of the entity
 * the chain ends on. size = hops per question.
 */

import { keyedRng, type Rng } from '../../util/rng';
import { generateWorld } from '../../world/generate';
import type { Entity, EntityKind, World } from '../../world/types';
import type { ScenarioInstance } from '../types';
import { RELATIONS, type Relation, relationsFrom } from './relations';
import type { DeepSearchSpec } from './spec';

/** The hop counts a question may have: below 2 it is a lookup, past 6 few worlds have such chains. */
export const MIN_HOPS = 2;
export const MAX_HOPS = 6;

export interface ChainEntity {
  readonly id: string;
  readonly name: string;
  readonly kind: EntityKind;
}

export interface DeepQuestion {
  /** From 1, as the prompt numbers it (Q1, Q2, …). */
  readonly index: number;
  readonly relations: readonly Relation[];
  /** The entities the chain visits, start first and answer last: one more than the relations. */
  readonly chain: readonly ChainEntity[];
  /** The name of the last entity of the chain. */
  readonly gold: string;
  /** The question as the prompt states it. */
  readonly text: string;
}

export interface DeepSearchInstance extends ScenarioInstance {
  readonly world: World;
  readonly questions: readonly DeepQuestion[];
}

export function generateDeepSearch(spec: DeepSearchSpec, seed: number, size: number): DeepSearchInstance {
  if (!Number.isInteger(size) || size < MIN_HOPS || size > MAX_HOPS) {
    throw new RangeError(
      `deep-search "${spec.id}": size (hops per question) must be a whole number from ${MIN_HOPS} to ${MAX_HOPS}, got ${size}`,
    );
  }
  const count = spec.questions ?? 1;
  if (!Number.isInteger(count) || count < 1) {
    throw new RangeError(`deep-search "${spec.id}": questions must be a whole number ≥ 1, got ${count}`);
  }
  const world = generateWorld({
    seed,
    ...(spec.world?.counts ? { counts: spec.world.counts } : {}),
    ...(spec.world?.staleShare !== undefined ? { staleShare: spec.world.staleShare } : {}),
    ...(spec.world?.mirrorShare !== undefined ? { mirrorShare: spec.world.mirrorShare } : {}),
  });
  const byId = new Map(world.entities.map((e) => [e.id, e]));
  const usedStarts = new Set<string>();
  const questions: DeepQuestion[] = [];
  for (let index = 1; index <= count; index++) {
    // One stream per question, so question 2 is the same whatever question 1 drew.
    const rng = keyedRng(seed, 'deep-search', 'question', index);
    const order = shuffle(world.entities, rng);
    // Distinct starts while there are enough of them; a reused start still gets its own walk.
    const found =
      findChain(
        order.filter((e) => !usedStarts.has(e.id)),
        byId,
        size,
        rng,
      ) ?? findChain(order, byId, size, rng);
    if (!found) {
      throw new Error(
        `deep-search "${spec.id}": the world of seed ${seed} has no ${size}-hop chain that visits no entity twice; raise world.counts`,
      );
    }
    usedStarts.add(found.chain[0]!.id);
    const chain = found.chain.map((e) => ({ id: e.id, name: e.name, kind: e.kind }));
    questions.push({
      index,
      relations: found.relations,
      chain,
      gold: chain[chain.length - 1]!.name,
      text: questionText(chain[0]!, found.relations),
    });
  }
  return { scenario: spec.id, seed, size, prompt: taskPrompt(questions), world, questions };
}

/** "Start from the company X. Find who founded that company; then … Answer with the name of the final city." */
export function questionText(
  start: { name: string; kind: EntityKind },
  relations: readonly Relation[],
): string {
  const steps = relations.map((r) => RELATIONS[r].ask(`that ${RELATIONS[r].from}`));
  const last = relations[relations.length - 1];
  const finalKind = last ? RELATIONS[last].to : start.kind;
  return `Start from the ${start.kind} ${start.name}. Find ${steps.join('; then ')}. Answer with the name of the final ${finalKind}.`;
}

function taskPrompt(questions: readonly DeepQuestion[]): string {
  const how =
    'Follow the links between encyclopedia pages: search for each entity, open its page, read the link.';
  if (questions.length === 1) return `${how}\n\n${questions[0]!.text}`;
  return [
    `${how} Answer every question, one line each, as "Q1: <name>".`,
    '',
    ...questions.map((q) => `Q${q.index}. ${q.text}`),
  ].join('\n');
}

/** Fisher–Yates over a copy. */
function shuffle<T>(xs: readonly T[], rng: Rng): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The first start (in `order`) from which a walk of `hops` links visits no entity twice. */
function findChain(
  order: readonly Entity[],
  byId: ReadonlyMap<string, Entity>,
  hops: number,
  rng: Rng,
): { chain: Entity[]; relations: Relation[] } | undefined {
  for (const start of order) {
    const walk = extend([start], [], byId, hops, rng);
    if (walk) return walk;
  }
  return undefined;
}

/** Depth-first, links tried in a seeded order: each entity has at most two links, so this is cheap. */
function extend(
  chain: Entity[],
  relations: Relation[],
  byId: ReadonlyMap<string, Entity>,
  hops: number,
  rng: Rng,
): { chain: Entity[]; relations: Relation[] } | undefined {
  if (relations.length === hops) return { chain, relations };
  const here = chain[chain.length - 1]!;
  for (const relation of shuffle(relationsFrom(here.kind), rng)) {
    const next = byId.get(here.links[relation] ?? '');
    if (!next || chain.some((e) => e.id === next.id)) continue;
    const walk = extend([...chain, next], [...relations, relation], byId, hops, rng);
    if (walk) return walk;
  }
  return undefined;
}
