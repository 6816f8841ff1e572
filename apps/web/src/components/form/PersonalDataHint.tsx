import { paths } from '@portal/domain/web-paths';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

/** Why a form asks for an identity-card or phone number (docs/personal-data.md). */
export type PersonalDataPurpose =
  'paymentIc' | 'paymentPhone' | 'accountIc' | 'accountPhone' | 'ownerIc';

/**
 * The hint of a field that asks for an identity-card or phone number: how to write it, why it is
 * asked, and a link to the privacy policy, read with the field by a screen reader.
 */
export function PersonalDataHint({ hint, why }: { hint?: string; why: PersonalDataPurpose }) {
  const { t } = useTranslation();
  return (
    <>
      {hint ? `${hint} ` : null}
      {t(`personalData.${why}`)} <Link to={paths.privacy}>{t('personalData.privacyLink')}</Link>
    </>
  );
}
