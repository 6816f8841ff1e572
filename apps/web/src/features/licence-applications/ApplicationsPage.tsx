import type { OfficeApplication } from '@portal/domain/contracts/licence-applications';
import { writtenDate } from '@portal/domain/display-filters';
import { applicationStatusFormSchema, licenceApplicationSearchSchema } from '@portal/domain/forms';
import { licenceApplicationStatuses } from '@portal/domain/licences';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionForm } from '../../components/form/ActionForm';
import { SelectField } from '../../components/form/SelectField';
import { TextField } from '../../components/form/TextField';
import { useDomainForm } from '../../components/form/use-domain-form';
import { RecordsTable } from '../../components/RecordsTable';
import { currentLanguage } from '../../i18n/i18n';
import { useScreenCouncil } from '../staff';
import { useChangeApplicationStatus, useFindApplication } from './get-applications';
import list from '../../components/ListScreen.module.css';

/** Finds one of the council's applications by the reference the applicant quotes. */
function FindForm({
  council,
  onFound,
}: {
  council: string;
  onFound: (application: OfficeApplication) => void;
}) {
  const { t } = useTranslation('office');
  const find = useFindApplication();
  const form = useDomainForm(
    licenceApplicationSearchSchema,
    { council, reference: '' },
    { hidden: ['council'] },
  );
  const onSubmit = form.handleSubmit({ send: find.mutateAsync, onSuccess: onFound });
  return (
    <ActionForm
      heading={t('applications.find')}
      done={undefined}
      submit={t('applications.find')}
      form={form}
      onSubmit={onSubmit}
    >
      <TextField
        form={form}
        name="reference"
        label={t('applications.reference')}
        maxLength={64}
        autoComplete="off"
      />
    </ActionForm>
  );
}

/** Moves the application to another status, with its note and, once approved, its licence. */
function StatusForm({
  application,
  onChanged,
}: {
  application: OfficeApplication;
  onChanged: (application: OfficeApplication) => void;
}) {
  const { t } = useTranslation('office');
  const { t: tPortal } = useTranslation();
  const change = useChangeApplicationStatus(application.id);
  const empty = { status: '', licence_no: application.licence_no ?? '', note: '' };
  const form = useDomainForm(applicationStatusFormSchema, empty);
  const onSubmit = form.handleSubmit({
    send: change.mutateAsync,
    onSuccess: (changed) => {
      onChanged(changed);
      form.reset({ status: '', licence_no: changed.licence_no ?? '', note: '' });
    },
  });
  return (
    <ActionForm
      heading={t('applications.formHeading')}
      done={change.isSuccess ? t('applications.changed') : undefined}
      submit={t('applications.submit')}
      form={form}
      onSubmit={onSubmit}
    >
      <SelectField form={form} name="status" label={t('applications.newStatus')}>
        <option value="">{t('applications.choose')}</option>
        {licenceApplicationStatuses
          .filter((status) => status !== application.status)
          .map((status) => (
            <option key={status} value={status}>
              {tPortal(`licences.application.status.${status}`)}
            </option>
          ))}
      </SelectField>
      <TextField
        form={form}
        name="licence_no"
        label={t('applications.licenceNo')}
        maxLength={40}
        autoComplete="off"
      />
      <TextField
        form={form}
        name="note"
        label={t('applications.noteToApplicant')}
        maxLength={1000}
      />
    </ActionForm>
  );
}

/** The application as it stands, and each change of its status. */
function Application({ application }: { application: OfficeApplication }) {
  const { t } = useTranslation('office');
  const { t: tPortal } = useTranslation();
  const lang = currentLanguage();
  const status = (value: OfficeApplication['status']) =>
    tPortal(`licences.application.status.${value}`);
  return (
    <>
      <RecordsTable
        title={application.reference}
        empty=""
        headings={[
          t('applications.kind'),
          t('applications.business'),
          t('applications.applicant'),
          t('applications.status'),
          t('applications.licence'),
          t('applications.note'),
        ]}
        rows={[
          {
            key: application.id,
            cells: [
              tPortal(`licenceKinds.${application.kind}`),
              application.business_name,
              application.applicant_name,
              status(application.status),
              application.licence_no ?? '–',
              application.note ?? '–',
            ],
          },
        ]}
      />
      <RecordsTable
        title={t('applications.history')}
        empty="–"
        headings={[
          t('applications.on'),
          t('applications.status'),
          t('applications.note'),
          t('applications.by'),
        ]}
        rows={application.history.map((step, index) => ({
          key: index,
          cells: [writtenDate(step.on, lang), status(step.status), step.note ?? '–', step.by],
        }))}
      />
    </>
  );
}

/**
 * The council's licence applications (docs/licences.md): an officer finds one by its reference,
 * reads its history and moves it to another status, which the applicant then sees.
 */
export function ApplicationsPage() {
  const { t } = useTranslation('office');
  const { council, picker } = useScreenCouncil();
  const [found, setFound] = useState<OfficeApplication>();
  const shown = found && found.council === council ? found : undefined;
  return (
    <>
      <h1 className={list.heading}>{t('applications.heading')}</h1>
      <p className={list.intro}>{t('applications.intro')}</p>
      <div className={list.body}>
        {picker}
        {council ? <FindForm key={council} council={council} onFound={setFound} /> : null}
        {shown ? (
          <>
            <Application application={shown} />
            <StatusForm key={shown.id} application={shown} onChanged={setFound} />
          </>
        ) : null}
      </div>
    </>
  );
}
