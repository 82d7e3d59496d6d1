import type { Page } from 'playwright-core';

/**
 * What of a view's content is cut off, by element bounds (issue 61: the Train view's right column
 * of curves was cut off at 390 px, which no screenshot test noticed). An element is cut when its box
 * runs past the viewport's width, or past an ancestor that hides its overflow (`hidden` or `clip`).
 * An ancestor that scrolls (`auto`, `scroll`) keeps what it holds reachable, so the walk stops there,
 * and that ancestor is itself checked. Looked at: every visible element that shows something (text,
 * a control, an image, a picture), not the insides of an SVG (a drawing is checked as a whole) nor a
 * visually hidden label (1 px, clipped by design). Each line names the element and where it ends.
 */
export async function clippedContent(page: Page): Promise<string[]> {
  // Handed over as source, with the one helper a transpiler that keeps function names (tsx, for
  // bench scripts) calls in it: the page does not have it.
  return page.evaluate(`((__name) => (${findClipped.toString()})())((f) => f)`) as Promise<string[]>;
}

function findClipped(): string[] {
  {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    const name = (e: Element): string => {
      const id = e.getAttribute('data-testid');
      const text = (e.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${e.tagName.toLowerCase()}${id ? `[${id}]` : ''}${e.className && typeof e.className === 'string' ? `.${e.className.split(' ').join('.')}` : ''} “${text}”`;
    };
    const shows = (e: Element): boolean => {
      if (e instanceof HTMLImageElement || e instanceof HTMLCanvasElement) return true;
      if (e instanceof SVGSVGElement) return true;
      if (e instanceof HTMLInputElement || e instanceof HTMLSelectElement) return true;
      if (e instanceof HTMLButtonElement || e instanceof HTMLTextAreaElement) return true;
      if (e instanceof HTMLProgressElement) return true;
      // A box that scrolls keeps what it holds reachable only if it is on screen itself.
      const x = getComputedStyle(e).overflowX;
      if (x === 'auto' || x === 'scroll') return true;
      // An element with text of its own, not only in its children.
      for (const n of e.childNodes)
        if (n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim()) return true;
      return false;
    };
    for (const e of document.body.querySelectorAll('*')) {
      if (e.closest('svg') && !(e instanceof SVGSVGElement)) continue;
      if (!shows(e)) continue;
      // Not rendered: hidden, or in a closed <details> (which keeps its content's boxes).
      if (!e.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
      const r = e.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) continue;
      let cut = '';
      let scrolled = false;
      for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        const x = s.overflowX;
        if (x === 'auto' || x === 'scroll') {
          // Sideways scrolling hides what is past the edge as well as `hidden` does on a phone, with
          // no sign of it (the Train view's curves): it counts as cutting. Up and down, a box of
          // limited height that scrolls (an answer, a log) shows that it does.
          const b = a.getBoundingClientRect();
          if (r.left < b.left - 1 || r.right > b.right + 1) {
            cut = `past the side of ${name(a).slice(0, 60)}, which scrolls sideways (${Math.round(b.left)}–${Math.round(b.right)})`;
            break;
          }
          scrolled = true;
          break;
        }
        if (x === 'hidden' || x === 'clip' || s.overflowY === 'hidden' || s.overflowY === 'clip') {
          const b = a.getBoundingClientRect();
          // A visually hidden element (sr-only) is meant to be clipped to nothing.
          if (b.width <= 1 || b.height <= 1) {
            cut = '';
            scrolled = true;
            break;
          }
          const sideways = (x === 'hidden' || x === 'clip') && (r.left < b.left - 1 || r.right > b.right + 1);
          const downwards =
            (s.overflowY === 'hidden' || s.overflowY === 'clip') &&
            (r.top < b.top - 1 || r.bottom > b.bottom + 1);
          if (sideways || downwards) {
            cut = `cut by ${name(a).slice(0, 60)} (${Math.round(b.left)}–${Math.round(b.right)} × ${Math.round(b.top)}–${Math.round(b.bottom)})`;
            break;
          }
        }
      }
      if (!cut && !scrolled && (r.left < -1 || r.right > width + 1)) cut = `past the viewport's ${width} px`;
      if (cut) out.push(`${name(e)}: ${Math.round(r.left)}–${Math.round(r.right)} px, ${cut}`);
    }
    if (document.documentElement.scrollWidth > width + 1)
      out.push(`the page is ${document.documentElement.scrollWidth} px wide in ${width}`);
    return out;
  }
}
