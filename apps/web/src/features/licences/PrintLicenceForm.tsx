import type { LicenceDetail } from '@portal/domain/contracts/licences';
import { licencePrintSchema } from '@portal/domain/forms';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormProblem } from '../../components/form/FormProblem';
import { IdentityFields } from '../../components/form/IdentityFields';
import { useDomainForm } from '../../components/form/use-domain-form';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { Button } from '../../components/ui/Button';
import { ReceiptIcon } from '../../components/ui/icons';
import { downloadLicencePdf } from './find-licence';
import styles from '../../components/SearchLayout.module.css';

/**
 * Prints a licence valid today, or any licence's filled-in renewal form: whoever has its number
 * and one owner's identity number, of any type, may (docs/licences.md). The number is sent in the
 * body, never in an address.
 */
export function PrintLicenceForm({ licence }: { licence: LicenceDetail }) {
  const { t } = useTranslation();
  const id = useId();
  // A suspended or pending licence is not renewed, at the counter either, until the council says.
  const renewable =
    licence.renewal.renewable || licence.renewal.reason !== 'license_status_not_allowed';
  const snackbar = useSnackbar();
  const download = useMutation({
    mutationFn: (body: Parameters<typeof downloadLicencePdf>[1]) =>
      downloadLicencePdf(wanted.current, body),
  });
  // Which of the two buttons sent the form: read when sending, and shown while it is on its way.
  const wanted = useRef<'licence' | 'renewal-form'>('licence');
  const [shown, setShown] = useState<'licence' | 'renewal-form'>('licence');
  const choose = (document: 'licence' | 'renewal-form') => {
    wanted.current = document;
    setShown(document);
  };
  const form = useDomainForm(
    licencePrintSchema,
    {
      council: licence.council,
      category: licence.category,
      licence_no: licence.licence_no,
      id_type: 'new_id',
      id_no: '',
    },
    { hidden: ['council', 'category', 'licence_no'] },
  );
  const onSubmit = form.handleSubmit({
    // The number as printed, for the file's name; the server reads it either way.
    send: (checked) => download.mutateAsync({ ...checked, licence_no: licence.licence_no }),
    onSuccess: () =>
      snackbar.show({
        message: t('licences.print.ready', { licence: licence.licence_no }),
        tone: 'success',
      }),
  });

  return (
    <section aria-labelledby={`${id}-print`} className={styles.options}>
      <h4 id={`${id}-print`} className={styles.legend}>
        {t('licences.print.heading')}
      </h4>
      <p className={styles.formIntro}>{t('licences.print.intro')}</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {/* The licence was found, so a refusal here is the owner's number that did not match. */}
        <FormProblem form={form}>
          {form.problem === 'not_found' ? t('licences.print.noMatch') : undefined}
        </FormProblem>
        <IdentityFields
          form={form}
          type={form.watch('id_type')}
          why="ownerIc"
          typeLabel={t('licences.print.idType')}
        />
        <div className={styles.actions}>
          {licence.valid_today ? (
            <Button
              type="submit"
              variant="secondary"
              onClick={() => choose('licence')}
              aria-busy={(download.isPending && shown === 'licence') || undefined}
            >
              <ReceiptIcon />
              {download.isPending && shown === 'licence'
                ? t('licences.print.printing')
                : t('licences.print.submit')}
            </Button>
          ) : null}
          {renewable ? (
            <Button
              type="submit"
              variant="secondary"
              onClick={() => choose('renewal-form')}
              aria-busy={(download.isPending && shown === 'renewal-form') || undefined}
            >
              {t('licences.print.renewalForm')}
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
