import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiKeyStore } from '../../src/adapters/browser/api-key-store';
import { standaloneSvg } from '../../src/ui/export/picture';
import { pageDownloads } from '../../src/ui/export/save-download';

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
    const { saved } = watchDownloads();
    await pageDownloads.picture(picture, 'png', 'x.png');
    const png = saved.find((b) => b.type === 'image/png') as Blob;
    const head = new Uint8Array(await png.slice(0, 8).arrayBuffer());
    expect([...head]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const bitmap = await createImageBitmap(png);
    expect(bitmap.width).toBe(picture.width * 2);
    expect(bitmap.height).toBe(picture.height * 2);
    svg.remove();
  });

  it('lets no key saved in this browser reach the browser, as SVG or as the SVG a PNG is drawn from', async () => {
    const KEY = 'pic-saved-Key-5Wq82Zd';
    apiKeyStore().save('http://127.0.0.1:9/v1', KEY);
    const { svg, content } = drawing();
    // A task named after the key, whole in its tooltip, cut on its node as the DAG cuts names.
    const node = document.createElementNS(NS, 'g');
    node.setAttribute('data-task', `section-1-${KEY}`);
    node.innerHTML = `<title>section-1-${KEY}</title><text x="10" y="90">section-1-${KEY.slice(0, 11)}…</text>`;
    content.append(node);
    const picture = standaloneSvg(svg, { content, title: `Run graph of ${KEY}` });
    expect(picture.text).toContain(KEY);
    const { saved } = watchDownloads();
    await pageDownloads.picture(picture, 'svg', 'swarmflight-dag.svg');
    await pageDownloads.picture(picture, 'png', 'swarmflight-dag.png');
    // Every blob given an object URL: the two files, and the SVG the PNG was drawn from.
    expect(saved.map((b) => b.type)).toEqual(['image/svg+xml', 'image/svg+xml', 'image/png']);
    for (const blob of saved.filter((b) => b.type !== 'image/png')) {
      const text = await blob.text();
      for (let i = 0; i + 8 <= KEY.length; i++) expect(text).not.toContain(KEY.slice(i, i + 8));
      expect(text).toContain('[redacted]');
    }
    apiKeyStore().forgetAll();
    svg.remove();
  });
});

/** Every blob the page makes an object URL of, with the browser's own download click stopped. */
function watchDownloads(): { saved: Blob[] } {
  const saved: Blob[] = [];
  const make = URL.createObjectURL.bind(URL);
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    if (blob instanceof Blob) saved.push(blob);
    return make(blob);
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return { saved };
}

afterEach(() => {
  vi.restoreAllMocks();
});
