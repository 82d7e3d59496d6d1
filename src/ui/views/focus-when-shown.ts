/** Focuses the element `id` once it is on the page: the Run view's code may still be loading. */
export function focusWhenShown(id: string, frames = 120): void {
  const element = document.getElementById(id);
  if (element) element.focus();
  else if (frames > 0) requestAnimationFrame(() => focusWhenShown(id, frames - 1));
}
