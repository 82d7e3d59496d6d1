import type { Page } from 'playwright-core';

/**
 * The options a native select would show cut (issue 61: Train's policy in Russian, self-healing's
 * in Chinese, at 1366 px): a select shows its chosen option in its own box, so each option's text,
 * measured in the select's font, must fit the box's content width less the arrow Chromium draws.
 * Looked at: every rendered select. Each line names the select and the option that does not fit.
 */
export async function cutOptions(page: Page): Promise<string[]> {
  return page.evaluate(`(${findCut.toString()})()`) as Promise<string[]>;
}

function findCut(): string[] {
  {
    // Chromium's drop-down arrow and its gap, inside the content box of a menulist.
    const ARROW_PX = 20;
    const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    const out: string[] = [];
    for (const select of document.querySelectorAll('select')) {
      if (!select.checkVisibility({ visibilityProperty: true })) continue;
      const style = getComputedStyle(select);
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        select.clientWidth -
        Number.parseFloat(style.paddingLeft) -
        Number.parseFloat(style.paddingRight) -
        ARROW_PX;
      for (const option of select.options) {
        const text = option.text.trim();
        const width = context.measureText(text).width;
        if (width > room + 0.5)
          out.push(
            `select[${select.getAttribute('data-testid') ?? select.name ?? ''}] “${text}”: ${Math.ceil(width)} px in ${Math.floor(room)}`,
          );
      }
    }
    return out;
  }
}
