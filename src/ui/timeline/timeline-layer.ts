import type { Selection } from 'd3-selection';

/** One named layer of the timeline's SVG (its `<g>`), made on first use: what each drawing part draws into. */
export type Layer = (name: string) => Selection<SVGGElement, null, SVGSVGElement, unknown>;
