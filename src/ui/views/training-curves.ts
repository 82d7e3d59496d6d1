/** The Train view's learning curves as an image, two panels a row, or one on a phone. */
import { type Accessor, createSignal, onCleanup } from 'solid-js';
import { type CurveWords, trainingCurvesSvg } from '../../core/learning/curves-svg';
import type { CurvePoint } from '../../core/learning/train';
import { app } from '../app-state';
import { mix } from '../catalog';
import { t } from '../i18n/t';
import { formatFixed } from '../model/format';

/** The curves' titles, axes and ticks in the page's language (the CLI's stay English). */
const curveWords = (): CurveWords => ({
  episode: t('curves.episode'),
  reward: { title: t('curves.reward'), y: t('curves.rewardY') },
  terms: { title: t('curves.terms'), y: t('curves.term') },
  term: t('curves.term'),
  quality: { title: t('curves.quality'), y: t('curves.qualityY') },
  criticalSteps: { title: t('curves.criticalSteps'), y: t('curves.criticalStepsY') },
  parallelism: { title: t('curves.parallelism'), y: t('curves.parallelismY') },
  spawns: { title: t('curves.spawns'), y: t('curves.spawnsY') },
  finish: { title: t('curves.finish'), y: t('curves.finishY') },
  tick: formatFixed,
});

/** Where the page is one column (styles.css): the curves' panels wrap to one a row there. */
const NARROW_CURVES = '(max-width: 760px)';

/** The curves so far as an SVG data URL, none before the first point. */
export function trainingCurves(curves: Accessor<readonly CurvePoint[]>): Accessor<string | undefined> {
  const s = () => app.state();
  // On a phone the panels wrap to one a row: two a row, the right column (reward terms, critical
  // steps, subagents) was cut off at 390 px.
  const narrow = window.matchMedia(NARROW_CURVES);
  const [oneColumn, setOneColumn] = createSignal(narrow.matches);
  const follow = (e: MediaQueryListEvent) => setOneColumn(e.matches);
  narrow.addEventListener('change', follow);
  onCleanup(() => narrow.removeEventListener('change', follow));
  return () =>
    curves().length === 0
      ? undefined
      : `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
          trainingCurvesSvg(
            t('curves.title', { policy: s().train, mix: mix.id }),
            [{ name: s().train, curves: curves() }],
            oneColumn() ? 1 : 2,
            curveWords(),
          ),
        )}`;
}
