/**
 * A gallery card's first run is watchable (issue 61 item 1): at the default pace (watch) a run
 * lasts seconds; a graph that would take minutes there starts at fast; a pace the user set stays.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PACE,
  FAST_PACE,
  FIRST_RUN_LIMIT_S,
  firstRunPace,
  WATCH_PACE,
} from '../../../src/ui/model/paces';
import { defaultState } from '../../../src/ui/url-state';

describe('the first run pace', () => {
  it('is watch by default, in the link state too', () => {
    expect(DEFAULT_PACE).toBe(WATCH_PACE);
    expect(defaultState.pace).toBe(WATCH_PACE);
  });

  it('keeps watch for a task scenario and for a graph that lasts seconds there', () => {
    expect(firstRunPace(DEFAULT_PACE, undefined)).toBe(DEFAULT_PACE);
    // wide-fanout: 25 model seconds, 10 s at watch.
    expect(firstRunPace(DEFAULT_PACE, 25)).toBe(DEFAULT_PACE);
    expect(firstRunPace(DEFAULT_PACE, (FIRST_RUN_LIMIT_S * 1000) / DEFAULT_PACE)).toBe(DEFAULT_PACE);
  });

  it('starts a graph that would take minutes at watch at fast', () => {
    // stg-100 waits 292 model seconds (about 2 min at watch), the stress graph 928 (about 6).
    expect(firstRunPace(DEFAULT_PACE, 292)).toBe(FAST_PACE);
    expect(firstRunPace(DEFAULT_PACE, 928)).toBe(FAST_PACE);
  });

  it('leaves a pace the user chose as it is, however long the run', () => {
    expect(firstRunPace(FAST_PACE, 928)).toBe(FAST_PACE);
    expect(firstRunPace(1000, 928)).toBe(1000);
    expect(firstRunPace(0, 928)).toBe(0);
  });
});
