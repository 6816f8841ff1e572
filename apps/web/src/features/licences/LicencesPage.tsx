import type { ErrorCode } from '@portal/domain/errors';
import { licencePath, licenceSearches, type LicenceSearch } from '@portal/domain/web-paths';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { CouncilField } from '../../components/CouncilField';
import { ScreenHeading } from '../../components/PageHeading';
import { Container } from '../../components/ui/Container';
import { Notice } from '../../components/ui/Notice';
import { useCouncils } from '../../shared/get-councils';
import { ApplicationCard } from './ApplicationCard';
import { LicenceCard } from './LicenceCard';
import { LicenceSearchForm, type LicenceSearchResult } from './LicenceSearchForm';
import layout from '../../components/PageLayout.module.css';
import styles from '../../components/SearchLayout.module.css';
import own from './LicencesPage.module.css';

function isLicenceSearch(value: string | null): value is LicenceSearch {
  return (licenceSearches as readonly (string | null)[]).includes(value);
}

/**
 * `/license`: the three licence searches of the councils' licensing systems (docs/licences.md):
 * an operating licence or permit, a trading licence, or an application's status. The council and
 * the search live in the address, so a link from an application or a bookmark lands on the same
 * form.
 */
export function LicencesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const councils = useCouncils();
  const [shown, setShown] = useState<{
    for: string;
    result: LicenceSearchResult | null;
    said: string;
  }>({ for: '', result: null, said: '' });

  const councilCode = params.get('council') ?? '';
  const council = councils.data?.find((item) => item.code === councilCode);
  const searchParam = params.get('search');
  const search: LicenceSearch = isLicenceSearch(searchParam) ? searchParam : 'operating';
  const current = `${councilCode}/${search}`;
  const result = shown.for === current ? shown.result : null;

  const chooseCouncil = (code: string) => {
    setShown({ for: '', result: null, said: '' });
    setParams(code ? { council: code, search } : { search }, { replace: true });
  };
  const showResult = (next: LicenceSearchResult | null, said = '') =>
    setShown({ for: current, result: next, said });
  const refusal = (code: ErrorCode) => t(`errors.${code}`);
  const licencesClosed = council?.available && !council.payment_types.includes('license');

  return (
    <Container className={layout.page}>
      <ScreenHeading page="licence" />

      <div className={styles.layout}>
        <section className={styles.formCard} aria-labelledby="licence-form-title">
          <h2 id="licence-form-title" className={styles.cardTitle}>
            {t('licences.formHeading')}
          </h2>
          <nav aria-label={t('licences.searchesLabel')} className={own.searches}>
            {licenceSearches.map((item) => (
              <Link
                key={item}
                to={licencePath({ council: councilCode, search: item })}
                replace
                aria-current={item === search ? 'page' : undefined}
                className={own.searchChoice}
              >
                {t(`licences.tabs.${item}`)}
              </Link>
            ))}
          </nav>

          <CouncilField
            councils={councils}
            value={council ? council.code : ''}
            onChange={chooseCouncil}
          />

          {licencesClosed ? (
            <Notice tone="error" live>
              <p>{t('errors.payment_type_not_available')}</p>
            </Notice>
          ) : null}

          {council?.available && !licencesClosed ? (
            <LicenceSearchForm
              key={current}
              council={council.code}
              search={search}
              initialNumber={params.get('licence_no') ?? ''}
              onSearching={() => showResult(null, t('licences.searching'))}
              onResult={showResult}
            />
          ) : null}
        </section>

        <section className={styles.resultArea} aria-labelledby="licence-result-title">
          <h2 id="licence-result-title" className="sr-only">
            {t('search.resultHeading')}
          </h2>
          <p className="sr-only" role="status">
            {shown.for === current ? shown.said : ''}
          </p>
          {result?.kind === 'licence' ? (
            <LicenceCard
              key={result.licence.licence_no}
              licence={result.licence}
              councilName={council?.name ?? result.licence.council.toUpperCase()}
            />
          ) : null}
          {result?.kind === 'application' ? (
            <ApplicationCard
              key={result.application.reference}
              application={result.application}
              councilName={council?.name ?? result.application.council.toUpperCase()}
            />
          ) : null}
          {result?.kind === 'refused' ? (
            <Notice tone="error" live>
              <p>{refusal(result.code)}</p>
            </Notice>
          ) : null}
          {result === null ? <p className={styles.placeholder}>{t('licences.empty')}</p> : null}
        </section>
      </div>
    </Container>
  );
}
