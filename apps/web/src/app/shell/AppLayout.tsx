import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useNavigation, type Location } from 'react-router';
import { useCurrentPage } from '../../lib/page-handle';
import { Shell } from './Shell';

/** `document.title` = '<page> · <product>', in the current language. */
function useDocumentTitle() {
  const { t, i18n } = useTranslation();
  const page = useCurrentPage();
  const language = i18n.language;
  useEffect(() => {
    document.title = `${t(`pages.${page}`)} · ${t('app.title')}`;
  }, [t, page, language]);
}

/**
 * After a navigation, focus moves to the main landmark so screen reader and keyboard users start at
 * the new page rather than at the link they used (the first load is left alone).
 */
function useFocusMainOnNavigation(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    main.current?.focus({ preventScroll: true });
  }, [pathname, main]);
}

/**
 * Under which key a page's scroll position is kept. Every page loaded afresh in a tab (the card
 * gateway's return, a reload, a link from an e-mail) has the same history key, 'default': under it
 * alone, the confirmation page would open scrolled to where the checkout page was left. Such a page
 * is keyed by its address instead, so only a reload of the same page comes back to its position.
 */
function scrollKey(location: Location): string {
  return location.key === 'default' ? `${location.pathname}${location.search}` : location.key;
}

/** The root route's component: the shell around whichever page matched. */
export function AppLayout() {
  const navigation = useNavigation();
  const mainRef = useRef<HTMLElement>(null);
  useDocumentTitle();
  useFocusMainOnNavigation(mainRef);
  return (
    <Shell pending={navigation.state !== 'idle'} mainRef={mainRef}>
      <Outlet />
      <ScrollRestoration getKey={scrollKey} />
    </Shell>
  );
}

/** Shown while the first page's code is still arriving (a deep link to a lazy route). */
export function AppLayoutFallback() {
  useDocumentTitle();
  return <Shell pending />;
}
