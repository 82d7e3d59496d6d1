import { createMemo, For, Show } from 'solid-js';
import { t } from '../i18n/t';
import { formatNumber } from '../model/format';
import type { Realized } from '../model/replay';

/** Stages drawn one by one up to this many; a longer run gets the totals only. */
const MAX_STAGES = 200;
const WIDTH = 1000;
const LANE = 14;

/**
 * The stages of the critical-steps formula Σ_t (S_main + max_i S_sub,i): one block per
 * orchestrator step at its step-time, dark for S_main and light for the slowest attempt it
 * launched. In barrier join the blocks tile the run end to end; in async join they overlap, so
 * each goes in the first lane where it fits.
 */
export function StageStrip(props: { realized: Realized; peers?: boolean }) {
  const layout = createMemo(() => {
    const stages = props.realized.stages;
    const end = Math.max(
      1,
      props.realized.path.length,
      ...stages.slice(0, MAX_STAGES).map((s) => s.t + s.main + s.maxSub),
    );
    const scale = WIDTH / end;
    const laneEnds: number[] = [];
    const blocks = stages.slice(0, MAX_STAGES).map((s) => {
      const finish = s.t + s.main + s.maxSub;
      let lane = laneEnds.findIndex((e) => e <= s.t);
      if (lane < 0) lane = laneEnds.push(finish) - 1;
      else laneEnds[lane] = finish;
      return { s, lane, x: s.t * scale, main: s.main * scale, sub: s.maxSub * scale };
    });
    const mainTotal = stages.reduce((a, s) => a + s.main, 0);
    const subTotal = stages.reduce((a, s) => a + s.maxSub, 0);
    return { blocks, lanes: Math.max(1, laneEnds.length), mainTotal, subTotal };
  });
  return (
    <div data-testid="stage-strip">
      <Show
        when={props.peers}
        fallback={
          <p class="note">
            {t('stages.sum', {
              n: props.realized.stages.length,
              main: formatNumber(layout().mainTotal),
              sub: formatNumber(layout().subTotal),
              lanes: layout().lanes === 1 ? 'one' : 'more',
            })}
          </p>
        }
      >
        <p class="note" data-testid="stage-strip-rounds">
          {t('stages.rounds', {
            n: props.realized.stages.length,
            parts: layout()
              .blocks.map((b) => formatNumber(b.s.maxSub))
              .join(' + '),
            total: formatNumber(layout().subTotal),
          })}
        </p>
      </Show>
      <Show when={props.realized.stages.length <= MAX_STAGES}>
        <svg
          viewBox={`0 0 ${WIDTH} ${layout().lanes * LANE}`}
          width="100%"
          height={Math.min(120, layout().lanes * LANE)}
          preserveAspectRatio="none"
          role="img"
          aria-label={t('stages.label')}
        >
          <For each={layout().blocks}>
            {(b) => (
              <g data-testid="stage" data-step={b.s.step} data-main={b.s.main} data-max-sub={b.s.maxSub}>
                <title>
                  {t('stages.title', { step: b.s.step, t: b.s.t, main: b.s.main, sub: b.s.maxSub })}
                </title>
                <rect
                  x={b.x}
                  y={b.lane * LANE + 1}
                  width={props.peers ? 0 : Math.max(0.5, b.main)}
                  height={LANE - 2}
                  fill="#2f3a4f"
                />
                {/* Rounds of peers meet end to end: a gap keeps each its own block. */}
                <rect
                  x={b.x + b.main}
                  y={b.lane * LANE + 1}
                  width={props.peers ? Math.max(0.5, b.sub - 4) : b.sub}
                  height={LANE - 2}
                  fill="#9fb4d9"
                />
              </g>
            )}
          </For>
        </svg>
      </Show>
    </div>
  );
}
