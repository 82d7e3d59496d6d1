/**
 * Pictures people can take away: an SVG on the page as the text of a standalone SVG file. The
 * whole drawing is exported, not the part the zoom shows. Text from the trace stays text: the
 * clone is serialised by the browser's XMLSerializer, which escapes it; no markup is built from
 * strings here. Saving it, as SVG or PNG, is save-download.ts's: the text is redacted there first.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
const MARGIN = 12;

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
