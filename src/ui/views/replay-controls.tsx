/**
 * A run's replay controls: Start, Play/Pause and the scrubber over its events, with where it
 * stands. The same controls, in the same place, for a stored run (replay-view.tsx) and for the run
 * that just ended in the Run view (finished-run-controls.tsx), so a finished run looks and replays
 * the same however it was opened.
 */

import { t } from '../i18n/t';
import { positionText } from '../model/replay-position';

/** Which control had the user's hand when a replay was opened, so it has the focus after. */
export type ReplayControl = 'rewind' | 'play' | 'scrubber';

export interface ReplayControlsProps {
  playing: boolean;
  /** The event shown, 0-based, and the last there is. */
  at: number;
  last: number;
  /** The step-time at that event (a position is an event; "decision" is the orchestrator's). */
  step: number;
  onRewind: () => void;
  onPlay: () => void;
  onScrub: (index: number) => void;
  /** Hears the controls once drawn, to move the focus to one. */
  controls?: (controls: Record<ReplayControl, HTMLElement>) => void;
}

export function ReplayControls(props: ReplayControlsProps) {
  const found: Partial<Record<ReplayControl, HTMLElement>> = {};
  const keep = (name: ReplayControl) => (element: HTMLElement) => {
    found[name] = element;
    if (found.rewind && found.play && found.scrubber)
      props.controls?.(found as Record<ReplayControl, HTMLElement>);
  };
  return (
    <div class="scrubber">
      <button
        ref={keep('rewind')}
        type="button"
        class="secondary nowrap"
        data-testid="replay-rewind"
        // The name begins with the visible word (WCAG 2.5.3, axe's label-content-name-mismatch);
        // the arrow is decoration.
        aria-label={t('replay.startLabel')}
        title={t('replay.startTitle')}
        onClick={() => props.onRewind()}
      >
        <span aria-hidden="true">«</span> {t('replay.start')}
      </button>
      <button
        ref={keep('play')}
        type="button"
        class="secondary nowrap"
        data-testid="replay-play"
        aria-pressed={props.playing}
        title={t('replay.playTitle')}
        onClick={() => props.onPlay()}
      >
        {props.playing ? t('replay.pause') : t('replay.play')}
      </button>
      <input
        ref={keep('scrubber')}
        type="range"
        min="0"
        max={props.last}
        value={props.at}
        data-testid="replay-scrubber"
        aria-label={t('replay.scrubber')}
        onInput={(e) => props.onScrub(Number(e.currentTarget.value))}
      />
      <span class="mono" data-testid="replay-position">
        {positionText(props.at, props.last + 1)} · {t('replay.stepTime', { t: props.step })}
      </span>
    </div>
  );
}
