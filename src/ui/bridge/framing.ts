/**
 * Whether this page is inside another page's frame. A static host sends no headers and a `<meta>`
 * policy cannot set `frame-ancestors` (docs/security.md, boundary 3), so any site may frame the
 * app, make it transparent and put a decoy under a button of its own: the user's click lands on
 * the app. The bridge therefore asks for consent only where the app is the top-level document
 * (consent.tsx, bridge.ts).
 */
export function isFramed(win: Window = window): boolean {
  try {
    // A WindowProxy compares across origins without throwing; `top` is null in a detached frame.
    return win.top !== win.self;
  } catch {
    // Should reading `top` ever throw, only a frame would make it: treat it as one.
    return true;
  }
}
