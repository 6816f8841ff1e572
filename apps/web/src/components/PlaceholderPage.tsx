import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentPage } from '../lib/page-handle';
import { paths } from '@portal/domain/web-paths';
import { buttonClassName } from './ui/Button';
import { ArrowLeftIcon, ToolsIcon } from './ui/icons';
import { StatusPanel } from './StatusPanel';

/**
 * Stands in for a screen that a later issue builds. One component for all of them: the route's
 * `handle.page` names the page.
 */
export function PlaceholderPage() {
  const { t } = useTranslation();
  const page = useCurrentPage();
  return (
    <StatusPanel
      icon={<ToolsIcon size={28} />}
      title={t(`pages.${page}`)}
      actions={
        <Link to={paths.home} className={buttonClassName({ variant: 'secondary' })}>
          <ArrowLeftIcon />
          {t('placeholder.backHome')}
        </Link>
      }
    >
      <p>{t('placeholder.preparing')}</p>
    </StatusPanel>
  );
}
