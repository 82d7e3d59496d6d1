import { describe, expect, it } from 'vitest';
import { standaloneSvg, svgToPng } from '../../src/ui/export/picture';

const NS = 'http://www.w3.org/2000/svg';

/** An SVG as the DAG view draws one: a zoomed and panned group holding shapes and text. */
function drawing(): { svg: SVGSVGElement; content: SVGGElement } {
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('width', '300');
  svg.setAttribute('height', '200');
  const content = document.createElementNS(NS, 'g');
  content.setAttribute('transform', 'translate(-500,40) scale(0.2)');
  for (let i = 0; i < 3; i++) {
    const rect = document.createElementNS(NS, 'rect');
    rect.setAttribute('x', String(i * 400));
    rect.setAttribute('y', '0');
    rect.setAttribute('width', '100');
    rect.setAttribute('height', '50');
    rect.setAttribute('fill', '#7cc79a');
    content.append(rect);
  }
  const text = document.createElementNS(NS, 'text');
  text.setAttribute('x', '10');
  text.setAttribute('y', '30');
  text.textContent = 'a<b> & "c"';
  content.append(text);
  svg.append(content);
  document.body.append(svg);
  return { svg, content };
}

describe('pictures of the page', () => {
  it('exports the whole drawing, not the zoomed view, as an SVG file that parses, its text escaped', () => {
    const { svg, content } = drawing();
    const picture = standaloneSvg(svg, { content, title: 'Run graph <test>' });
    const doc = new DOMParser().parseFromString(picture.text, 'image/svg+xml');
    expect(doc.querySelector('parsererror')).toBeNull();
    const root = doc.documentElement;
    expect(root.getAttribute('xmlns')).toBe(NS);
    // Three boxes 400 apart, 100 wide: 900 × 50 in the group's own units, plus margins.
    const [x, y, w, h] = (root.getAttribute('viewBox') as string).split(' ').map(Number);
    expect(x).toBeLessThanOrEqual(0);
    expect(y).toBeLessThanOrEqual(0);
    expect((x as number) + (w as number)).toBeGreaterThanOrEqual(900);
    expect((y as number) + (h as number)).toBeGreaterThanOrEqual(50);
    expect(doc.querySelectorAll('g rect')).toHaveLength(3);
    expect(doc.querySelector('g')?.getAttribute('transform')).toBeNull();
    expect(doc.querySelector('g text')?.textContent).toBe('a<b> & "c"');
    expect(picture.text).toContain('a&lt;b&gt; &amp;');
    expect(doc.querySelector('title')?.textContent).toBe('Run graph <test>');
    // The page's own drawing keeps its zoom.
    expect(content.getAttribute('transform')).toBe('translate(-500,40) scale(0.2)');
    svg.remove();
  });

  it('makes a PNG of it at twice its size', async () => {
    const { svg, content } = drawing();
    const picture = standaloneSvg(svg, { content });
    const png = await svgToPng(picture, 2);
    const head = new Uint8Array(await png.slice(0, 8).arrayBuffer());
    expect([...head]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const bitmap = await createImageBitmap(png);
    expect(bitmap.width).toBe(picture.width * 2);
    expect(bitmap.height).toBe(picture.height * 2);
    svg.remove();
  });
});
