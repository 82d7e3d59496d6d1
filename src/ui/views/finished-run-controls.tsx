/**
 * The replay controls of the run that just ended, in the Run view: the same Start, Play and
 * scrubber a stored run has, standing at its end. Using one opens the run as stored, from the
 * library it was written to as it ran, at the event scrubbed to or playing from its start at a
 * pace a person can follow, the focus on the same control there (replay-view.tsx). A run that
 * ended before anyone looked (a wide search is over in about a second) is watched with one click.
 */

import { type ReplayControl, ReplayControls } from './replay-controls';

/** How the stored run's replay opens. */
export interface ReplayStart {
  /** The event to stand at (0-based); its end when absent. */
  readonly at?: number;
  readonly play?: boolean;
  /** The control to give the focus to, if one was used. */
  readonly focus?: ReplayControl;
  /** Opened by a "Fork from decision K" of the run's picture: the fork panel takes the focus. */
  readonly fork?: boolean;
}

export function FinishedRunControls(props: {
  /** The run's events so far (all of them: it has ended), and the step-time at its end. */
  events: number;
  step: number;
  onOpen: (start: ReplayStart) => void;
}) {
  const last = () => Math.max(0, props.events - 1);
  return (
    <ReplayControls
      playing={false}
      at={last()}
      last={last()}
      step={props.step}
      onRewind={() => props.onOpen({ at: 0, focus: 'rewind' })}
      onPlay={() => props.onOpen({ play: true, focus: 'play' })}
      onScrub={(at) => props.onOpen({ at, focus: 'scrubber' })}
    />
  );
}
