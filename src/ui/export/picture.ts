/**
 * Pictures people can take away: an SVG on the page as a standalone SVG file, or as a PNG. The
 * whole drawing is exported, not the part the zoom shows. Text from the trace stays text: the
 * clone is serialised by the browser's XMLSerializer, which escapes it; no markup is built from
 * strings here.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
const MARGIN = 12;
/** Browsers refuse canvases much past this many pixels; a larger picture is scaled down to it. */
export const MAX_PNG_PIXELS = 16_000_000;

export interface StandaloneOptions {
  /** The group the zoom transforms, when there is one: its transform is dropped from the copy. */
  readonly content?: SVGGraphicsElement;
  readonly title?: string;
  readonly background?: string;
}

export interface StandaloneSvg {
  readonly text: string;
  readonly width: number;
  readonly height: number;
}

export function standaloneSvg(svg: SVGSVGElement, options: StandaloneOptions = {}): StandaloneSvg {
  const content = options.content ?? svg;
  // In the content's own coordinates: what the zoom shows does not matter.
  const box = content.getBBox();
  const x = box.x - MARGIN;
  const y = box.y - MARGIN;
  const width = Math.ceil(box.width + 2 * MARGIN);
  const height = Math.ceil(box.height + 2 * MARGIN);
  const copy = svg.cloneNode(true) as SVGSVGElement;
  if (options.content) {
    const path = pathTo(svg, options.content);
    const inner = path ? follow(copy, path) : undefined;
    inner?.removeAttribute('transform');
  }
  copy.setAttribute('xmlns', SVG_NS);
  copy.setAttribute('viewBox', `${x} ${y} ${width} ${height}`);
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  copy.removeAttribute('style');
  copy.setAttribute('font-family', getComputedStyle(svg).fontFamily || 'sans-serif');
  const background = document.createElementNS(SVG_NS, 'rect');
  background.setAttribute('x', String(x));
  background.setAttribute('y', String(y));
  background.setAttribute('width', String(width));
  background.setAttribute('height', String(height));
  background.setAttribute('fill', options.background ?? '#ffffff');
  copy.insertBefore(background, copy.firstChild);
  if (options.title) {
    const title = document.createElementNS(SVG_NS, 'title');
    title.textContent = options.title;
    copy.insertBefore(title, copy.firstChild);
  }
  return { text: new XMLSerializer().serializeToString(copy), width, height };
}

/** Child indices from `root` down to `node`, to find the same node in a clone. */
function pathTo(root: Element, node: Element): number[] | undefined {
  const path: number[] = [];
  let at: Element | null = node;
  while (at && at !== root) {
    const parent: Element | null = at.parentElement;
    if (!parent) return undefined;
    path.unshift([...parent.children].indexOf(at));
    at = parent;
  }
  return at === root ? path : undefined;
}

function follow(root: Element, path: readonly number[]): Element | undefined {
  let at: Element | undefined = root;
  for (const i of path) at = at?.children[i];
  return at;
}

/** The SVG drawn on a canvas at `scale` (2: sharp on high-density screens), as a PNG. */
export async function svgToPng(picture: StandaloneSvg, scale = 2): Promise<Blob> {
  const fit = Math.min(scale, Math.sqrt(MAX_PNG_PIXELS / Math.max(1, picture.width * picture.height)));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.floor(picture.width * fit));
  canvas.height = Math.max(1, Math.floor(picture.height * fit));
  const url = URL.createObjectURL(new Blob([picture.text], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const context = canvas.getContext('2d');
    if (!context) throw new Error('this browser gave no 2D canvas to draw the picture on');
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
  } finally {
    URL.revokeObjectURL(url);
  }
  return await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (blob) =>
        blob
          ? resolve(blob)
          : reject(
              new Error(`the picture (${canvas.width}×${canvas.height} px) could not be made into a PNG`),
            ),
      'image/png',
    ),
  );
}

/** Saves a blob as a file; the object URL is revoked later, once the download has taken it. */
export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
