import type { LicenceDetail } from '@portal/domain/contracts/licences';
import { licencePrintSchema } from '@portal/domain/forms';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormProblem } from '../../components/form/FormProblem';
import { useDomainForm } from '../../components/form/use-domain-form';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { Button } from '../../components/ui/Button';
import { ReceiptIcon } from '../../components/ui/icons';
import { printLicence } from './find-licence';
import { OwnerIcField } from './OwnerIcField';
import styles from '../../components/SearchLayout.module.css';

/**
 * Prints a licence valid today: whoever has its number and one owner's IC number may
 * (docs/licences.md). The IC number is sent in the body, never in an address.
 */
export function PrintLicenceForm({ licence }: { licence: LicenceDetail }) {
  const { t } = useTranslation();
  const id = useId();
  const snackbar = useSnackbar();
  const print = useMutation({ mutationFn: printLicence });
  const form = useDomainForm(
    licencePrintSchema,
    {
      council: licence.council,
      category: licence.category,
      licence_no: licence.licence_no,
      ic_no: '',
    },
    { hidden: ['council', 'category', 'licence_no'] },
  );
  const onSubmit = form.handleSubmit({
    // The number as printed, for the file's name; the server reads it either way.
    send: (checked) => print.mutateAsync({ ...checked, licence_no: licence.licence_no }),
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
        <FormProblem problem={form.problem} />
        <OwnerIcField form={form} />
        <Button type="submit" variant="secondary" aria-busy={print.isPending || undefined}>
          <ReceiptIcon />
          {print.isPending ? t('licences.print.printing') : t('licences.print.submit')}
        </Button>
      </form>
    </section>
  );
}
