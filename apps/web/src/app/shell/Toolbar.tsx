import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { Emblem } from '../../components/ui/Emblem';
import { CartIcon, HomeIcon, LoginIcon, UserPlusIcon } from '../../components/ui/icons';
import { useCartCount } from '../../lib/cart-count';
import { paths } from '../../lib/paths';
import { LanguageSelect } from './LanguageSelect';
import styles from './Toolbar.module.css';

export interface ToolbarProps {
  onLogin: () => void;
}

/**
 * The top toolbar (spec section 2): logo, title, home, language, cart with its item count, sign up
 * and login. Two bars, so nothing overflows on a 360 px phone: the account bar on top, the brand and
 * navigation below; on phones the navigation shows icons, their names stay for screen readers.
 */
export function Toolbar({ onLogin }: ToolbarProps) {
  const { t } = useTranslation();
  const cartCount = useCartCount();

  return (
    <header className={styles.header}>
      <div className={styles.topBar}>
        <div className={styles.inner}>
          <LanguageSelect />
          <div className={styles.account}>
            <Link to={paths.form} className={styles.topAction}>
              <UserPlusIcon size={18} className={styles.topIcon} />
              {t('nav.signUp')}
            </Link>
            <button type="button" className={styles.topAction} onClick={onLogin}>
              <LoginIcon size={18} className={styles.topIcon} />
              {t('nav.login')}
            </button>
          </div>
        </div>
      </div>

      <div className={styles.mainBar}>
        <div className={styles.inner}>
          <Link to={paths.home} className={styles.brand}>
            <Emblem size={40} />
            <span className={styles.brandText}>
              <span className={styles.title}>{t('app.title')}</span>
              <span className={styles.subtitle}>{t('app.subtitle')}</span>
            </span>
          </Link>

          <nav aria-label={t('a11y.primaryNav')}>
            <ul className={styles.navList}>
              <li>
                <NavLink to={paths.home} end className={styles.navItem}>
                  <HomeIcon size={22} />
                  <span className={styles.navLabel}>{t('nav.home')}</span>
                </NavLink>
              </li>
              <li>
                <NavLink
                  to={paths.cart}
                  className={styles.navItem}
                  aria-label={t('nav.cartLabel', { count: cartCount })}
                >
                  <span className={styles.cartIcon}>
                    <CartIcon size={22} />
                    {cartCount > 0 ? (
                      <span className={styles.badge} aria-hidden="true" data-testid="cart-badge">
                        {cartCount > 99 ? '99+' : cartCount}
                      </span>
                    ) : null}
                  </span>
                  <span className={styles.navLabel} aria-hidden="true">
                    {t('nav.cart')}
                  </span>
                </NavLink>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </header>
  );
}
