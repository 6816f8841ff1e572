import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useOpenLoginDialog } from '../shared/login-dialog';
import { paths } from '@portal/domain/web-paths';
import { Button, buttonClassName } from './ui/Button';
import { LoginIcon, LockIcon } from './ui/icons';
import styles from './LoginRequired.module.css';

/**
 * In place of a page that needs a session (profile, history) when there is none, or the
 * server has ended it: why, and the way to log in or register.
 */
export function LoginRequired() {
  const { t } = useTranslation();
  const openLogin = useOpenLoginDialog();
  return (
    <section className={styles.panel} aria-labelledby="login-required-title">
      <span className={styles.icon}>
        <LockIcon size={24} />
      </span>
      <h2 id="login-required-title" className={styles.title}>
        {t('accounts.loginRequired.title')}
      </h2>
      <p className={styles.text}>{t('accounts.loginRequired.text')}</p>
      <div className={styles.actions}>
        <Button onClick={() => openLogin('login')}>
          <LoginIcon />
          {t('accounts.loginRequired.login')}
        </Button>
        <Link to={paths.form} className={buttonClassName({ variant: 'secondary' })}>
          {t('accounts.loginRequired.register')}
        </Link>
      </div>
    </section>
  );
}
