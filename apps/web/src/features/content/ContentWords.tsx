import { telHref } from '@portal/domain/contact-text';
import type { Language } from '@portal/domain/languages';
import { paths } from '@portal/domain/web-paths';
import { useTranslation } from 'react-i18next';
import { useSiteSettings } from '../../shared/get-settings';
import { Markdown } from './Markdown';

/**
 * A content page's words as citizens read them, on the page and in the editor's preview:
 * `{{helpline}}` (docs/content-pages.md) is the portal helpline's number, to dial, when one is
 * set; else a link to the helpline page, so the words never name a number that has changed.
 */
export function ContentWords({ body, lang }: { body: string; lang: Language }) {
  const { t } = useTranslation();
  const phone = useSiteSettings()?.helpline?.phone;
  const link = phone
    ? `[${phone}](${telHref(phone)})`
    : `[${t('pages.helpline', { lng: lang })}](#${paths.helpline})`;
  return <Markdown source={body.replaceAll('{{helpline}}', link)} />;
}
