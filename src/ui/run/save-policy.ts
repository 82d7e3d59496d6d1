/**
 * Saving a trained policy in this browser under a name the user typed: the one rule for names, so
 * both trainers in the Train view refuse the same names with the same words.
 */
import { services } from '../services';
import { policiesChanged } from './saved-policies';

const NAME = /^[A-Za-z0-9][A-Za-z0-9._ -]{0,63}$/;

/** Saves `checkpoint` as `name`; rejects with a readable message for a bad name or a failed write. */
export async function savePolicy(name: string, checkpoint: unknown): Promise<void> {
  if (!NAME.test(name))
    throw new Error('A policy name is letters, digits, spaces, dots, dashes or underscores (at most 64).');
  await (await services.policies()).save(name, checkpoint, Date.now());
  policiesChanged();
}
