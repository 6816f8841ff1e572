import { contentPages } from '@portal/domain/content-pages';
import {
  contentPageQuery,
  officeContentApi,
  type OfficeContentPage,
} from '@portal/domain/contracts/content';
import { writtenDateTime } from '@portal/domain/display-filters';
import { contentPageFormSchema, type ContentPageForm } from '@portal/domain/forms';
import { languages } from '@portal/domain/languages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { FilterForm } from '../../components/FilterForm';
import { FormProblem } from '../../components/form/FormProblem';
import { TextField } from '../../components/form/TextField';
import { useDomainForm } from '../../components/form/use-domain-form';
import { Button } from '../../components/ui/Button';
import { Field, Select, TextArea } from '../../components/ui/Field';
import { Notice } from '../../components/ui/Notice';
import { currentLanguage } from '../../i18n/i18n';
import { addressOfQuery, queryOfAddress } from '../../lib/address-query';
import { callEndpoint } from '../../lib/api-client';
import { officeQueryKey, QueryFailure, ReasonField } from '../staff';
import { ContentWords } from './ContentWords';
import panel from '../../components/ActionPanel.module.css';
import list from '../../components/ListScreen.module.css';
import { fieldErrorText } from '../../components/form/field-error-text';

const pageKey = (page: string, lang: string) => [...officeQueryKey, 'content', page, lang];

const languageNames = { ms: 'Bahasa Malaysia', en: 'English', zh: '中文' } as const;

function Editor({ stored }: { stored: OfficeContentPage }) {
  const { t } = useTranslation('office');
  const { t: tPortal } = useTranslation();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (form: ContentPageForm) => callEndpoint(officeContentApi.change, { body: form }),
    onSuccess: (answer) => queryClient.setQueryData(pageKey(answer.page, answer.lang), answer),
  });
  const values = {
    page: stored.page,
    lang: stored.lang,
    title: stored.title,
    body: stored.body,
    reason: '',
  };
  const form = useDomainForm(contentPageFormSchema, values, { hidden: ['page', 'lang'] });
  const { errorKey: bodyError, ...body } = form.field('body', t('content.body'));
  const onSubmit = form.handleSubmit({
    send: save.mutateAsync,
    onSuccess: (answer) => form.reset({ ...values, title: answer.title, body: answer.body }),
  });
  const preview = form.watch('body');
  return (
    <>
      <form className={panel.panel} onSubmit={onSubmit} noValidate aria-labelledby="content-form">
        <h2 id="content-form">
          {t('content.editing', {
            page: tPortal(`pages.${stored.page}`),
            language: languageNames[stored.lang],
          })}
        </h2>
        <p>
          {t('content.lastChanged', {
            when: writtenDateTime(stored.updated_at, currentLanguage()),
            who: stored.updated_by,
          })}
        </p>
        {save.isSuccess ? (
          <Notice tone="info" live>
            <p>{t('content.saved')}</p>
          </Notice>
        ) : null}
        <FormProblem form={form} />
        <TextField form={form} name="title" label={t('content.title')} lang={stored.lang} />
        <Field
          label={t('content.body')}
          hint={t('content.bodyHint')}
          error={bodyError ? fieldErrorText(tPortal, bodyError, t('content.body')) : undefined}
        >
          {(control) => <TextArea {...control} {...body} lang={stored.lang} spellCheck />}
        </Field>
        <ReasonField form={form} />
        <div>
          <Button type="submit">{t('content.submit')}</Button>
        </div>
      </form>
      <section className={panel.panel} aria-labelledby="content-preview" lang={stored.lang}>
        <h2 id="content-preview">{t('content.preview')}</h2>
        <ContentWords body={preview} lang={stored.lang} />
      </section>
    </>
  );
}

/**
 * The state admin's editor of the portal's own pages (docs/content-pages.md): one page in one
 * language at a time, with a preview drawn as citizens will see it.
 */
export function ContentEditorPage() {
  const { t } = useTranslation('office');
  const { t: tPortal } = useTranslation();
  const [params, setParams] = useSearchParams();
  const chosen = queryOfAddress(contentPageQuery, params, undefined);
  const stored = useQuery({
    queryKey: pageKey(chosen?.page ?? '', chosen?.lang ?? ''),
    queryFn: ({ signal }) =>
      callEndpoint(officeContentApi.get, { search: addressOfQuery(chosen!), signal }),
    enabled: chosen !== undefined,
  });
  return (
    <>
      <h1 className={list.heading}>{t('content.heading')}</h1>
      <p className={list.intro}>{t('content.intro')}</p>
      <div className={list.body}>
        <FilterForm
          shown={{ page: chosen?.page, lang: chosen?.lang }}
          schema={contentPageQuery}
          onApply={(next) => setParams(addressOfQuery(next))}
          words={{ label: t('filters.label'), find: t('content.open') }}
        >
          <Field label={t('content.page')}>
            {(control) => (
              <Select {...control} name="page" defaultValue={chosen?.page ?? 'about'}>
                {contentPages.map((page) => (
                  <option key={page} value={page}>
                    {tPortal(`pages.${page}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('content.language')}>
            {(control) => (
              <Select {...control} name="lang" defaultValue={chosen?.lang ?? 'ms'}>
                {languages.map((lang) => (
                  <option key={lang} value={lang}>
                    {languageNames[lang]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </FilterForm>
        <QueryFailure query={stored} />
        {stored.data ? (
          <Editor key={`${stored.data.page}/${stored.data.lang}`} stored={stored.data} />
        ) : null}
      </div>
    </>
  );
}
