/**
 * The policies saved in this browser, as every view lists them, and one signal that moves when
 * that list changes. Two views read the list — the Train view's "Saved policies" and the Run view's
 * policy picker — and each used to read it once, so a policy saved in one stayed missing from the
 * other until a reload.
 */
import { createRoot, createSignal } from 'solid-js';
import { RETIRED_ORCHESTRATION_SCHEMA } from '../../core/learning/checkpoint';
import { isLearnedKind, type LearnedKindId } from '../../core/learning/kinds/registry';
import { services } from '../services';

/** What a saved policy is for: which view can use it. */
export type SavedKind = LearnedKindId | 'retired' | 'unknown';

export interface SavedPolicy {
  readonly name: string;
  readonly savedAt: number;
  readonly kind: SavedKind;
  /** As stored: read once here for its kind. */
  readonly checkpoint: unknown;
}

const changes = createRoot(() => {
  const [version, setVersion] = createSignal(0);
  return { version, bump: () => setVersion((v) => v + 1) };
});

/** Moves whenever a policy is saved or deleted in this page: a source for createResource. */
export const policiesVersion = changes.version;

/** Tells every view that lists saved policies to read them again. */
export const policiesChanged = changes.bump;

/** Every saved policy, newest first, with what it is for. */
export async function savedPolicyList(): Promise<SavedPolicy[]> {
  const store = await services.policies();
  const out: SavedPolicy[] = [];
  for (const p of await store.list()) {
    const checkpoint = (await store.get(p.name))?.checkpoint;
    const c = checkpoint as { kind?: unknown; schema?: unknown } | undefined;
    const kind: SavedKind =
      c?.schema === RETIRED_ORCHESTRATION_SCHEMA ? 'retired' : isLearnedKind(c?.kind) ? c.kind : 'unknown';
    out.push({ name: p.name, savedAt: p.savedAt, kind, checkpoint });
  }
  return out;
}

/** Deletes a saved policy and tells the views. */
export async function deleteSavedPolicy(name: string): Promise<void> {
  await (await services.policies()).delete(name);
  policiesChanged();
}

/** Where a saved policy of this kind is used, in the words of the Train view's list. */
export function usedWhere(kind: SavedKind, name: string): string {
  if (isLearnedKind(kind)) return `scenario mix · pick “${kind}: ${name}” as the policy in the Run view`;
  switch (kind) {
    case 'retired':
      return 'trained in the retired orchestration environment · no run can use it: train again, then delete it';
    default:
      return 'not a policy this version can use';
  }
}
