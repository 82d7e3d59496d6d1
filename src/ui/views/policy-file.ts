/** A trained policy saved under a free name, or loaded from a file, in the Train view. */
import { loadPolicy } from '../../core/learning/checkpoint';
import { TRAINABLE_KINDS } from '../../core/learning/kinds/registry';
import { app } from '../app-state';
import { bundledProfileHashes } from '../run/policies';
import { savePolicy } from '../run/save-policy';
import { services } from '../services';
import type { TrainState } from './train-state';

/**
 * `base`, or `base-2`, `base-3`…, whichever no saved policy has: two trainings of the same policy,
 * seed and length would otherwise get one default name, and saving the second replaced the first.
 */
export async function freeName(base: string): Promise<string> {
  const taken = new Set((await (await services.policies()).list()).map((p) => p.name));
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
  return name;
}

/** Saves the checkpoint trained or loaded under the name in the field. */
export async function saveTrained({ checkpoint, name, setMessage }: TrainState) {
  const c = checkpoint();
  if (!c) return;
  try {
    await savePolicy(name(), c);
    setMessage({
      kind: 'note',
      text: `Saved as “${name()}”: pick ${c.kind}: ${name()} as the policy in the Run view.`,
    });
  } catch (error) {
    setMessage({ kind: 'error', text: (error as Error).message });
  }
}

/** Loads the policy file picked in `input`: its checkpoint, its own episode count, a free name. */
export async function loadPolicyFile(state: TrainState, input: HTMLInputElement) {
  const { setCheckpoint, setCurves, setProgress, setPhase, setName, setNameTyped, setMessage } = state;
  const file = input.files?.[0];
  input.value = '';
  if (!file) return;
  try {
    let json: unknown;
    try {
      json = JSON.parse(await file.text());
    } catch {
      throw new Error('it is not JSON');
    }
    const loaded = loadPolicy(json, await bundledProfileHashes());
    // A kind the Train view trains opens its form; one that is only played keeps the form as it is.
    const trainable = TRAINABLE_KINDS.find((k) => k === loaded.kind);
    if (trainable && trainable !== app.state().train) {
      app.update({ train: trainable });
    }
    setCheckpoint(loaded.checkpoint);
    setCurves([]);
    // The checkpoint's own count: the bar read the last training's "3000 / 3000 episodes" over
    // an imported 20,000-episode policy.
    const { completedEpisodes, episodes } = loaded.checkpoint.training;
    setProgress({ done: completedEpisodes, total: episodes });
    setPhase(completedEpisodes < episodes ? 'stopped' : 'done');
    // The file's name, made a free one: saving must not replace a policy already saved under it,
    // and it is a suggestion, so the next training's default name replaces it (a helper's
    // walk-through saved a loaded "policy", then a bandit trained next over it).
    setName(
      await freeName(
        file.name
          .replace(/\.json$/i, '')
          .replace(/[^A-Za-z0-9._ -]/g, '_')
          .slice(0, 60) || 'policy',
      ),
    );
    setNameTyped(false);
    setMessage({
      kind: 'note',
      text: `Loaded a ${loaded.kind} policy from ${file.name}; save it to use it, or resume its training.`,
    });
  } catch (error) {
    setMessage({
      kind: 'error',
      text: `${file.name} was not loaded: ${(error as Error).message.replace(/^not a usable policy: /, 'not a usable policy — ')}`,
    });
  }
}
