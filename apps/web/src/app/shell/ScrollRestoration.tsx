import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useHistoryKey } from '../../lib/hash-location';

const STORAGE_KEY = 'app.scrollPositions';

function storedPositions(): [string, number][] {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? (stored as [string, number][]) : [];
  } catch {
    return []; // storage can be blocked, or hold something else
  }
}

/** Where each page was left, by its scroll key; kept over a reload in the tab's session storage. */
const positions = new Map<string, number>(storedPositions());
let shownKey: string | undefined;

function keepShownPosition() {
  if (shownKey !== undefined) positions.set(shownKey, window.scrollY);
}

function storePositions() {
  keepShownPosition();
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions]));
  } catch {
    // without storage a reload opens at the top
  }
  window.history.scrollRestoration = 'auto';
}

/**
 * Under which key a page's scroll position is kept: its step of the tab's history. A page loaded
 * afresh in a tab (the card gateway's return, a link from an e-mail) has no key of its own; under
 * one shared key the confirmation page would open scrolled to where the checkout page was left.
 * Such a page is keyed by its address instead, so only a reload of the same page comes back to its
 * position.
 */
function useScrollKey(): string {
  const [pathname] = useLocation();
  const search = useSearch();
  return useHistoryKey() ?? `${pathname}?${search}`;
}

/**
 * A new page opens at its top; going back or forward, or reloading, returns to where the page was
 * left. Rendered beside the page, inside its Suspense, so that a position is restored once the page
 * has drawn and is tall enough to scroll to it.
 */
export function ScrollRestoration() {
  const key = useScrollKey();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    // The address has changed but the page left is still drawn: its position is read now.
    const navigations = ['popstate', 'pushState', 'replaceState'];
    for (const event of navigations) window.addEventListener(event, keepShownPosition);
    window.addEventListener('pagehide', storePositions);
    return () => {
      for (const event of navigations) window.removeEventListener(event, keepShownPosition);
      window.removeEventListener('pagehide', storePositions);
    };
  }, []);

  useLayoutEffect(() => {
    shownKey = key;
    window.scrollTo(0, positions.get(key) ?? 0);
  }, [key]);

  return null;
}
