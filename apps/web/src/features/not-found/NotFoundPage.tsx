import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { StatusPanel } from '../../components/StatusPanel';
import { buttonClassName } from '../../components/ui/Button';
import { CompassIcon, HomeIcon } from '../../components/ui/icons';
import { paths } from '@portal/domain/web-paths';

/** An unknown route says 'This page could not be found' and links home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusPanel
      icon={<CompassIcon size={28} />}
      title={t('pages.notFound')}
      actions={
        <Link to={paths.home} className={buttonClassName()}>
          <HomeIcon />
          {t('notFound.backHome')}
        </Link>
      }
    >
      <p>{t('notFound.message')}</p>
    </StatusPanel>
  );
}
