import { useMutation } from '@tanstack/react-query';
import type { DigitalLicence } from '@portal/domain/contracts/licences';
import { writtenDate, writtenDateTime } from '@portal/domain/display-filters';
import { licencePrintSchema } from '@portal/domain/forms';
import { licenceCategories } from '@portal/domain/licences';
import { licenceCheckPath } from '@portal/domain/web-paths';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { CouncilField } from '../../components/CouncilField';
import { IdentityFields } from '../../components/form/IdentityFields';
import { FormProblem } from '../../components/form/FormProblem';
import { TextField } from '../../components/form/TextField';
import { useDomainForm } from '../../components/form/use-domain-form';
import { LoginRequired } from '../../components/LoginRequired';
import { ScreenHeading } from '../../components/PageHeading';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { Button } from '../../components/ui/Button';
import { Container } from '../../components/ui/Container';
import { Field, Select } from '../../components/ui/Field';
import { CheckCircleIcon, ReceiptIcon } from '../../components/ui/icons';
import { Notice } from '../../components/ui/Notice';
import { currentLanguage } from '../../i18n/i18n';
import { useCouncils } from '../../shared/get-councils';
import { useSession } from '../../shared/session';
import { statusText } from '../../shared/status-text';
import { errorText } from '../../lib/api-client';
import { downloadLicencePdf } from './find-licence';
import { CouncilLogo } from './CouncilLogo';
import { useKeepLicence, useMyLicences } from './my-licences';
import layout from '../../components/PageLayout.module.css';
import styles from '../../components/SearchLayout.module.css';
import own from './LicencesPage.module.css';
import { fieldErrorText } from '../../components/form/field-error-text';

/** One kept licence as a card: its QR code, status and validity, readable without a connection. */
function LicenceCardView({ licence }: { licence: DigitalLicence }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const snackbar = useSnackbar();
  // Its holder prints it without an IC number: the licence is in their digital licences.
  const print = useMutation({
    mutationFn: () =>
      downloadLicencePdf('licence', {
        council: licence.council,
        category: licence.category,
        licence_no: licence.licence_no,
      }),
    onError: (error) => snackbar.show({ message: errorText(t, error), tone: 'error' }),
  });
  return (
    <li className={`${styles.card} ${own.digitalCard}`}>
      <img
        className={own.qr}
        src={`data:image/svg+xml;utf8,${encodeURIComponent(licence.qr_svg)}`}
        alt={t('digital.qrAlt', { licence: licence.licence_no })}
        width={128}
        height={128}
      />
      <div className={own.digitalText}>
        <p className={`${own.issuer} ${styles.eyebrow}`}>
          <CouncilLogo src={licence.council_logo} />
          {licence.council_name}
        </p>
        <h2 className={styles.account}>{licence.licence_no}</h2>
        <p>{licence.business_name}</p>
        <p className={licence.valid_today ? own.validToday : own.notValidToday}>
          {licence.valid_today ? <CheckCircleIcon /> : null}
          {licence.valid_today ? t('licences.validToday') : t('licences.notValidToday')} ·{' '}
          {statusText(t, licence.status)}
        </p>
        <p>
          {licence.valid_until
            ? t('digital.validUntil', { date: writtenDate(licence.valid_until, lang) })
            : t('licences.neverValid')}
        </p>
        <Link to={licenceCheckPath(licence.council, licence.licence_no)}>
          {t('licences.check.link')}
        </Link>
        {licence.valid_today ? (
          <Button
            variant="secondary"
            onClick={() => print.mutate()}
            aria-busy={print.isPending || undefined}
          >
            <ReceiptIcon />
            {print.isPending ? t('licences.print.printing') : t('licences.print.submit')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** Adds a licence to the user's digital licences with its number and an owner's identity number. */
function KeepLicenceForm() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const councils = useCouncils();
  const keep = useKeepLicence();
  const form = useDomainForm(
    licencePrintSchema,
    {
      council: '',
      category: 'operating',
      licence_no: '',
      id_type: 'new_id',
      id_no: '',
    },
    { hidden: ['council'] },
  );
  const council = form.watch('council');
  const { errorKey: categoryError, ...category } = form.field('category', t('digital.category'));
  const onSubmit = form.handleSubmit({
    send: (checked) => keep.mutateAsync(checked),
    onSuccess: (kept) => {
      snackbar.show({ message: t('digital.added', { licence: kept.licence_no }), tone: 'success' });
      form.reset();
    },
  });

  return (
    <section className={styles.formCard} aria-labelledby="digital-add-title">
      <h2 id="digital-add-title" className={styles.cardTitle}>
        {t('digital.addHeading')}
      </h2>
      <p className={styles.formIntro}>{t('digital.addIntro')}</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <FormProblem form={form} />
        <CouncilField
          councils={councils}
          value={council}
          onChange={(code) => form.setValue('council', code)}
        />
        <Field
          label={t('digital.category')}
          error={
            categoryError ? fieldErrorText(t, categoryError, t('digital.category')) : undefined
          }
        >
          {(control) => (
            <Select {...control} {...category}>
              {licenceCategories.map((item) => (
                <option key={item} value={item}>
                  {t(`licenceCategories.${item}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <TextField
          form={form}
          name="licence_no"
          label={t('licences.licenceNo.label')}
          hint={t('licences.licenceNo.hint')}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={80}
        />
        <IdentityFields
          form={form}
          type={form.watch('id_type')}
          why="ownerIc"
          typeLabel={t('licences.print.idType')}
        />
        <Button type="submit" block aria-busy={keep.isPending || undefined}>
          {t('digital.add')}
        </Button>
      </form>
    </section>
  );
}

/**
 * `/digital_license` (docs/licences.md): the logged-in holder's licences, each a card with its QR
 * code, status and validity. The last list loaded stays readable without a connection; a licence
 * joins it when added here, or when its holder pays its renewal.
 */
export function DigitalLicencePage() {
  const { t } = useTranslation();
  const session = useSession();
  const mine = useMyLicences(session);
  const lang = currentLanguage();

  let body;
  if (session.unreachable && !mine.licences) {
    body = (
      <Notice tone="error">
        <p>{t('errors.service_unavailable')}</p>
      </Notice>
    );
  } else if (!session.pending && !session.user && !session.unreachable) body = <LoginRequired />;
  else {
    const list = mine.licences;
    body = (
      <div className={`${styles.layout} ${own.digitalLayout}`}>
        <section className={styles.resultArea} aria-labelledby="digital-list-title">
          <h2 id="digital-list-title" className="sr-only">
            {t('pages.digitalLicense')}
          </h2>
          {mine.savedAt ? (
            <Notice>
              <p>{t('digital.offline', { date: writtenDateTime(mine.savedAt, lang) })}</p>
            </Notice>
          ) : null}
          {list && list.length === 0 ? (
            <p className={styles.formIntro}>{t('digital.empty')}</p>
          ) : null}
          {list && list.length > 0 ? (
            <ul className={own.digitalList}>
              {list.map((licence) => (
                <LicenceCardView
                  key={`${licence.council}/${licence.licence_no}`}
                  licence={licence}
                />
              ))}
            </ul>
          ) : null}
        </section>
        <KeepLicenceForm />
      </div>
    );
  }

  return (
    <Container className={layout.page}>
      <ScreenHeading page="digitalLicense" />
      {body}
    </Container>
  );
}
