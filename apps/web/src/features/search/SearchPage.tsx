import { writtenDateTime } from '@portal/domain/display-filters';
import type { ErrorCode } from '@portal/domain/errors';
import { paymentTypes, type PaymentType } from '@portal/domain/payment-types';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { licencePath, searchWayPath, searchWays, type SearchWay } from '@portal/domain/web-paths';
import { ScreenHeading } from '../../components/PageHeading';
import { Container } from '../../components/ui/Container';
import { Field, Select } from '../../components/ui/Field';
import { CouncilField } from '../../components/CouncilField';
import { Notice } from '../../components/ui/Notice';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { currentLanguage } from '../../i18n/i18n';
import { useCouncils } from '../../shared/get-councils';
import { BillList } from './BillList';
import { BillResult } from './BillResult';
import { BillSearchForm } from './BillSearchForm';
import { ListSearchForm } from './ListSearchForm';
import { LocalChargeForm } from './LocalChargeForm';
import { LocalChargeQuoteCard } from './LocalChargeQuoteCard';
import type { SearchResult } from './search-outcome';
import layout from '../../components/PageLayout.module.css';
import styles from '../../components/SearchLayout.module.css';
import own from './SearchPage.module.css';

function isSearchWay(value: string | null): value is SearchWay {
  return (searchWays as readonly (string | null)[]).includes(value);
}

function isPaymentType(value: string): value is PaymentType {
  return (paymentTypes as readonly string[]).includes(value);
}

/**
 * `/search`: choose a council and a payment type, type the number from the bill, see what
 * is owed and put it in the cart. The council and the type live in the address (`?council=mps&type=
 * assessment`), so the home page's picker, a bookmark and a reload all land on the same form.
 * `?by=plate` and `?by=owner` list a vehicle's or an owner's unpaid bills instead.
 */
export function SearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const councils = useCouncils();
  const snackbar = useSnackbar();
  // A result belongs to the council and type it was found for: when the address moves on (the
  // pickers, a link, the back button), it is no longer shown.
  const [shown, setShown] = useState<{ for: string; result: SearchResult | null; said: string }>({
    for: '',
    result: null,
    said: '',
  });

  const councilCode = params.get('council') ?? '';
  const byParam = params.get('by');
  const way: SearchWay = isSearchWay(byParam) ? byParam : 'number';
  const council = councils.data?.find((item) => item.code === councilCode);
  const offered = council?.available
    ? paymentTypes.filter((type) => council.payment_types.includes(type))
    : [];

  // The type asked for in the address, unless this council does not take it (then say so).
  const typeParam = params.get('type');
  let type: PaymentType | '' = '';
  let typeProblem: ErrorCode | undefined;
  if (typeParam === null) type = offered[0] ?? '';
  else if (!isPaymentType(typeParam)) typeProblem = 'invalid_payment_type';
  else if (council?.available && !offered.includes(typeParam)) {
    typeProblem = 'payment_type_not_available';
  } else type = typeParam;

  const current = way === 'number' ? `${councilCode}/${type}` : `${councilCode}/${way}`;
  const searched = shown.for === current;
  const result = searched ? shown.result : null;
  const announcement = searched ? shown.said : '';
  const clearResult = () => setShown({ for: '', result: null, said: '' });

  // A link to one bill names its number too: found at once, once (docs/search.md).
  const linkedAccount = params.get('account') ?? '';

  const chooseCouncil = (code: string) => {
    clearResult();
    const next = new URLSearchParams(params);
    next.delete('account');
    if (code) next.set('council', code);
    else next.delete('council');
    const chosen = councils.data?.find((item) => item.code === code);
    if (typeParam && !chosen?.payment_types.some((offeredType) => offeredType === typeParam)) {
      next.delete('type');
    }
    setParams(next, { replace: true });
  };

  const chooseType = (value: string) => {
    clearResult();
    const next = new URLSearchParams(params);
    next.delete('account');
    if (value) next.set('type', value);
    else next.delete('type');
    setParams(next, { replace: true });
  };

  const showResult = (next: SearchResult | null, said = '') =>
    setShown({ for: current, result: next, said });
  // A new search replaces whatever the last one said, the snackbar's failure too.
  const startSearch = (said: string) => {
    snackbar.hide();
    showResult(null, said);
  };

  return (
    <Container className={layout.page}>
      <ScreenHeading page="search" />
      {council || (councilCode && councils.isPending) ? (
        // The chosen council as it presents itself: its logo and its own title for the portal. Its
        // line is kept while the list is on its way, so that the form below does not move down.
        <p className={own.council}>
          {council?.logo ? (
            <img className={own.councilLogo} src={council.logo} alt="" width={48} height={48} />
          ) : null}
          {council ? (
            <span>
              <strong>{council.name}</strong>
              <span className={own.councilTitle}>{council.product_title}</span>
            </span>
          ) : null}
        </p>
      ) : null}

      <div className={styles.layout}>
        <section className={styles.formCard} aria-labelledby="search-form-title">
          <h2 id="search-form-title" className={styles.cardTitle}>
            {t('search.formHeading')}
          </h2>

          <nav aria-label={t('search.waysLabel')} className={own.ways}>
            {searchWays.map((item) => (
              <Link
                key={item}
                to={searchWayPath(item, councilCode)}
                replace
                aria-current={item === way ? 'page' : undefined}
                className={own.way}
              >
                {t(`search.ways.${item}`)}
              </Link>
            ))}
          </nav>

          {way === 'number' ? <Notice>{t('search.premiseHint')}</Notice> : null}

          <CouncilField
            councils={councils}
            value={council ? council.code : ''}
            onChange={chooseCouncil}
          />

          {way === 'number' ? (
            <>
              {council?.available && offered.length === 0 ? (
                <Notice tone="error" live>
                  <p>{t('search.noPaymentTypes')}</p>
                </Notice>
              ) : null}

              {council?.available && offered.length > 0 ? (
                <Field label={t('search.paymentType')}>
                  {(control) => (
                    <Select
                      {...control}
                      value={type}
                      onChange={(event) => chooseType(event.target.value)}
                    >
                      {type === '' ? (
                        <option value="">{t('search.paymentTypePlaceholder')}</option>
                      ) : null}
                      {offered.map((item) => (
                        <option key={item} value={item}>
                          {t(`paymentTypes.${item}`)}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
              ) : null}

              {typeProblem && (!council || council.available) ? (
                <Notice tone="error" live>
                  <p>{t(`errors.${typeProblem}`)}</p>
                </Notice>
              ) : null}

              {council?.available && type === 'license' ? (
                <Notice>
                  <p>{t('search.licenceHint')}</p>
                  <p>
                    <Link to={licencePath({ council: council.code })}>
                      {t('home.picker.licences')}
                    </Link>
                  </p>
                </Notice>
              ) : null}

              {council?.available && type && type !== 'local_government_charge' ? (
                <BillSearchForm
                  council={council.code}
                  type={type}
                  linkedAccount={linkedAccount}
                  onSearching={() => startSearch(t('search.searching'))}
                  onResult={showResult}
                />
              ) : null}
              {council?.available && type === 'local_government_charge' ? (
                <LocalChargeForm
                  council={council.code}
                  onSearching={() => startSearch(t('search.charge.calculating'))}
                  onResult={showResult}
                />
              ) : null}
            </>
          ) : null}
          {council?.available && way !== 'number' ? (
            <ListSearchForm
              key={way}
              council={council.code}
              by={way}
              onSearching={() => startSearch(t('search.searching'))}
              onResult={showResult}
            />
          ) : null}
        </section>

        <section
          className={`${styles.resultArea} ${own.results}`}
          aria-labelledby="search-result-title"
        >
          <h2 id="search-result-title" className="sr-only">
            {t('search.resultHeading')}
          </h2>
          <p className="sr-only" role="status">
            {announcement}
          </p>
          {result?.kind === 'bill' ? (
            <BillResult
              key={`${result.bill.council}/${result.bill.account_no}`}
              bill={result.bill}
              councilName={council?.name ?? result.bill.council.toUpperCase()}
            />
          ) : null}
          {result?.kind === 'list' ? (
            <BillList
              by={result.by}
              list={result.list}
              councilName={council?.name ?? councilCode.toUpperCase()}
            />
          ) : null}
          {result?.kind === 'quote' ? (
            <LocalChargeQuoteCard
              key={`${result.quote.account_no}/${result.quote.start_date}/${result.quote.end_date}`}
              quote={result.quote}
              councilName={council?.name ?? result.quote.council.toUpperCase()}
            />
          ) : null}
          {result?.kind === 'refused' ? (
            <Notice tone="error" live>
              <p>{t(`errors.${result.code}`)}</p>
              {result.code === 'not_found' && type ? (
                <p>
                  {type === 'local_government_charge'
                    ? t('search.charge.notFoundAdvice', { council: council?.name })
                    : t('search.notFoundAdvice', {
                        council: council?.name,
                        type: t(`paymentTypes.${type}`),
                      })}
                </p>
              ) : null}
              {result.heldUntil ? (
                <p>
                  {t('checkout.heldUntil', {
                    time: writtenDateTime(result.heldUntil, currentLanguage()),
                  })}
                </p>
              ) : null}
            </Notice>
          ) : null}
          {result === null ? (
            <p className={styles.placeholder}>
              {way === 'number' ? t('search.emptyResult') : t('search.list.emptyResult')}
            </p>
          ) : null}
        </section>
      </div>
    </Container>
  );
}
