import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ContentPageName } from '@portal/domain/content-pages';
import type { contentApi } from '@portal/domain/contracts/content';
import { writtenDate } from '@portal/domain/display-filters';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/PageHeading';
import { RetryNotice } from '../../components/RetryNotice';
import { Container } from '../../components/ui/Container';
import { currentLanguage } from '../../i18n/i18n';
import { callEndpoint, errorText, type LazyEndpoint } from '../../lib/api-client';
import { useCurrentPage } from '../../lib/page-handle';
import { ContentWords } from './ContentWords';
import layout from '../../components/PageLayout.module.css';
import styles from './ContentPage.module.css';

/** A lazy endpoint: these pages show no form, so zod is not in their code (docs/decisions/0027). */
const getContentPage = {
  method: 'GET',
  path: '/content',
  contract: () =>
    import('@portal/domain/contracts/content').then(({ contentApi }) => contentApi.page),
} as const satisfies LazyEndpoint<typeof contentApi.page>;

/**
 * The portal's own pages (about, FAQ, payment information, policies: docs/content-pages.md), one
 * component for all: the route's page names the words to fetch, in the reader's language.
 * `children` follow the words, for a page that shows data as well (the helpline's contacts).
 */
export function ContentPage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const page = useCurrentPage() as ContentPageName;
  const lang = currentLanguage();
  const content = useQuery({
    queryKey: ['content', page, lang],
    queryFn: ({ signal }) =>
      callEndpoint(getContentPage, { search: `page=${page}&lang=${lang}`, signal }),
    staleTime: 5 * 60 * 1000,
  });

  return (
    <Container className={layout.page}>
      <PageHeading
        title={content.data?.title ?? t(`pages.${page}`)}
        intro={
          content.data
            ? t('content.updated', { date: writtenDate(content.data.updated_at, lang) })
            : ''
        }
      />
      {content.isError ? (
        <RetryNotice query={content} retryLabel={t('content.retry')}>
          {errorText(t, content.error)}
        </RetryNotice>
      ) : null}
      {content.data ? (
        <article className={styles.article}>
          <ContentWords body={content.data.body} lang={lang} />
        </article>
      ) : null}
      {children}
    </Container>
  );
}
