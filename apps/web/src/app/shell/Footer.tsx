import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Emblem } from '../../components/ui/Emblem';
import { paths, type PageName } from '@portal/domain/web-paths';
import styles from './Footer.module.css';

const footerPages: PageName[] = [
  'about',
  'faq',
  'helpline',
  'paymentInformation',
  'privacy',
  'terms',
  'userAgreement',
  'refund',
];

/** The footer carries the year, the operator and the browser recommendation. */
export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <p className={styles.brand}>
            <Emblem size={32} />
            {t('app.title')}
          </p>
          <p className={styles.muted}>{t('footer.operatedBy')}</p>
        </div>
        <nav aria-labelledby="footer-links-heading">
          <h2 id="footer-links-heading" className={styles.heading}>
            {t('footer.linksHeading')}
          </h2>
          <ul className={styles.links}>
            {footerPages.map((page) => (
              <li key={page}>
                <Link to={paths[page]}>{t(`pages.${page}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className={styles.bottom}>
        <div className={styles.bottomInner}>
          <p>{t('footer.copyright', { year })}</p>
          <p>{t('footer.browser')}</p>
        </div>
      </div>
    </footer>
  );
}
