import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { isIntroducedPage, ScreenHeading } from '../../components/PageHeading';
import layout from '../../components/PageLayout.module.css';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { Container } from '../../components/ui/Container';
import { LoginDialog } from '../../features/accounts/LoginDialog';
import { useCartCount } from '../../features/cart/cart-count';
import { SiteNotices } from '../../features/settings/SiteNotices';
import { useCurrentPage } from '../../lib/page-handle';
import { LoginDialogContext, type LoginView } from '../../shared/login-dialog';
import { paths } from '@portal/domain/web-paths';
import { Footer } from './Footer';
import styles from './Shell.module.css';
import { Toolbar } from './Toolbar';

export interface ShellProps {
  mainRef?: RefObject<HTMLElement | null>;
  children?: ReactNode;
}

/** The chrome around every page: skip link, toolbar, main landmark, footer, login dialog. */
export function Shell({ mainRef, children }: ShellProps) {
  const { t } = useTranslation();
  const [pathname] = useLocation();
  // From the home page with bills in the cart, a login is the way to pay them (docs/screens.md).
  const cartCount = useCartCount();
  const snackbar = useSnackbar();
  useEffect(() => snackbar.pageChanged(), [pathname, snackbar]);
  const [login, setLogin] = useState<{ open: boolean; view: LoginView }>({
    open: false,
    view: 'login',
  });
  const ownMainRef = useRef<HTMLElement>(null);
  const main = mainRef ?? ownMainRef;
  const openLogin = useCallback((view: LoginView = 'login') => setLogin({ open: true, view }), []);

  return (
    <LoginDialogContext value={openLogin}>
      <div className={styles.shell}>
        <a
          href="#main-content"
          className={styles.skipLink}
          onClick={(event) => {
            // The hash holds the route, so move focus ourselves instead of following the link.
            event.preventDefault();
            main.current?.focus();
          }}
        >
          {t('a11y.skipToContent')}
        </a>
        <Toolbar onLogin={() => openLogin('login')} />
        <SiteNotices />
        <main id="main-content" ref={main} tabIndex={-1} className={styles.main}>
          {children}
        </main>
        <Footer />
        <LoginDialog
          open={login.open}
          view={login.view}
          onViewChange={(view) => setLogin({ open: true, view })}
          onClose={() => setLogin((current) => ({ ...current, open: false }))}
          toCheckout={pathname === paths.home && cartCount > 0}
          onFocusLost={() => main.current?.focus()}
        />
      </div>
    </LoginDialogContext>
  );
}

/**
 * In the main area while a screen's code arrives: the thin loading bar along the top of the window
 * (docs/screens.md), the window at the top, where the new page opens, and the screen's own heading
 * where it has one, so that a reader on a slow line sees at once where they are and what to do.
 */
export function PageLoading() {
  const { t, i18n } = useTranslation();
  const page = useCurrentPage();
  useLayoutEffect(() => {
    // In braces: newer browsers answer a promise, which React would take for a cleanup.
    window.scrollTo(0, 0);
  }, []);
  return (
    <>
      <progress className={styles.progress} aria-label={t('a11y.loadingPage')} />
      {isIntroducedPage(page, i18n) && (
        <Container className={layout.page}>
          <ScreenHeading page={page} />
        </Container>
      )}
    </>
  );
}
