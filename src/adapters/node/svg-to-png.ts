/**
 * An SVG document to PNG bytes in Node, with resvg (a real SVG renderer, prebuilt, no system
 * libraries): how the CLI and the API draw a run's picture for a model (src/ui/dag/run-picture.ts).
 * Fonts: the system's, so labels read as the page's do where DejaVu or Arial is installed; with
 * none, resvg draws the shapes without text, which still shows the graph and its red path.
 */

import { Resvg } from '@resvg/resvg-js';

/** PNG bytes of `svg` at `zoom` times its own size (2 by default: small labels stay legible). */
export function svgToPng(svg: string, zoom = 2): Uint8Array {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: zoom },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
    background: '#ffffff',
  });
  return new Uint8Array(resvg.render().asPng());
}
