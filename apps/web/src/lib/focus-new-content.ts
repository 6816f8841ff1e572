import { useEffect, useRef, type RefObject } from 'react';

/**
 * Moves focus to content that has just appeared (a search result), so a screen reader reads it and
 * the keyboard starts there, and scrolls it into view two frames later. Scrolled in the frame it
 * appears in, everything below it (the footer) moves within the view at the same time, which the
 * browser counts as a layout shift; a frame apart, the content is drawn in place first and the
 * scroll is only a scroll.
 */
export function focusNewContent(element: HTMLElement | null): void {
  if (!element) return;
  element.focus({ preventScroll: true });
  requestAnimationFrame(() =>
    requestAnimationFrame(() => element.scrollIntoView({ block: 'nearest' })),
  );
}

/** A ref for the heading of content that has just appeared, focused (as above) once it is shown. */
export function useFocusWhenShown<T extends HTMLElement>(): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => focusNewContent(ref.current), []);
  return ref;
}
