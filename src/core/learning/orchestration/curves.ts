/**
 * The orchestration trainer's curves as one SVG (renderCurvesSvg): the reward split into its terms
 * — r_perf, λ1·r_parallel, λ2·r_finish, whose sum is the training reward — then quality and cost, critical steps against the budget,
 * and the two habits PARL's auxiliary rewards act on (solo runs, unused subagents).
 */
import { type CurvePanel, renderCurvesSvg } from '../curves-svg';
import type { CurvePoint } from './train';

export function orchestrationCurvesSvg(title: string, curves: readonly CurvePoint[]): string {
  const series = (name: string, y: (p: CurvePoint) => number) => ({
    name,
    points: curves.map((p) => ({ x: p.episode, y: y(p) })),
  });
  const panels: CurvePanel[] = [
    {
      title: 'the reward’s terms',
      yLabel: 'per episode',
      series: [
        series('r_perf', (p) => p.perf),
        series('λ1·r_parallel', (p) => p.lambdaParallel * p.parallel),
        series('λ2·r_finish', (p) => p.lambdaFinish * p.finish),
      ],
    },
    {
      title: 'quality and cost',
      yLabel: 'mean',
      series: [series('quality', (p) => p.quality), series('cost ÷ reference', (p) => p.relativeCost)],
    },
    { title: 'critical steps', yLabel: 'steps', series: [series('critical steps', (p) => p.criticalSteps)] },
    {
      title: 'habits',
      yLabel: 'per episode',
      series: [series('solo rate', (p) => p.soloRate), series('unused subagents', (p) => p.unusedSubagents)],
    },
  ];
  return renderCurvesSvg({ title, xLabel: 'episode', panels });
}
