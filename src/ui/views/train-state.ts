/** What the Train view holds while it trains: the phase, progress, curves, checkpoint, message and name. */
import { createSignal } from 'solid-js';
import type { PolicyCheckpoint } from '../../core/learning/checkpoint';
import type { CurvePoint } from '../../core/learning/train';

export type Phase = 'idle' | 'training' | 'stopped' | 'done' | 'failed';

export function trainState() {
  const [phase, setPhase] = createSignal<Phase>('idle');
  const [progress, setProgress] = createSignal({ done: 0, total: 0 });
  const [curves, setCurves] = createSignal<readonly CurvePoint[]>([]);
  const [checkpoint, setCheckpoint] = createSignal<PolicyCheckpoint | undefined>();
  const [message, setMessage] = createSignal<{ kind: 'error' | 'note'; text: string } | undefined>();
  const [name, setName] = createSignal('');
  // A name the user typed is kept; a default one follows each training, so that saving a bandit
  // after a PARL policy does not overwrite the PARL policy under its name.
  const [nameTyped, setNameTyped] = createSignal(false);
  return {
    phase,
    setPhase,
    progress,
    setProgress,
    curves,
    setCurves,
    checkpoint,
    setCheckpoint,
    message,
    setMessage,
    name,
    setName,
    nameTyped,
    setNameTyped,
  };
}

export type TrainState = ReturnType<typeof trainState>;
