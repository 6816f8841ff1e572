import { paths } from '@portal/domain/web-paths';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

/**
 * The sentence under a form that commits its user to the user agreement (registering, paying),
 * with the agreement one tap away.
 */
export function AgreementNotice({
  when,
  className,
}: {
  when: 'register' | 'pay';
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <p className={className}>
      {t(`agreement.${when}`)} <Link to={paths.userAgreement}>{t('pages.userAgreement')}</Link>
      {t('agreement.end')}
    </p>
  );
}
