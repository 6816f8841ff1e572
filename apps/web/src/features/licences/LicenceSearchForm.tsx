import { statusText } from '../../shared/status-text';
import type { LicenceApplicationView, LicenceDetail } from '@portal/domain/contracts/licences';
import type { ErrorCode } from '@portal/domain/errors';
import { licenceApplicationSearchSchema, licenceSearchSchema } from '@portal/domain/forms';
import type { LicenceSearch } from '@portal/domain/web-paths';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormProblem } from '../../components/form/FormProblem';
import { TextField } from '../../components/form/TextField';
import { useDomainForm, type DomainSchema } from '../../components/form/use-domain-form';
import { Button } from '../../components/ui/Button';
import { SearchIcon } from '../../components/ui/icons';
import { errorCodeOf } from '../../lib/api-client';
import { useFindApplication, useFindLicence } from './find-licence';
import styles from '../../components/SearchLayout.module.css';

/** What a licence search ends in: a licence, an application, or a refusal to show beside it. */
export type LicenceSearchResult =
  | { kind: 'licence'; licence: LicenceDetail }
  | { kind: 'application'; application: LicenceApplicationView }
  | { kind: 'refused'; code: ErrorCode };

/** Refusals that say something about the number searched for, shown where the result goes. */
const refusals: readonly ErrorCode[] = [
  'not_found',
  'council_not_available',
  'payment_type_not_available',
];

export interface LicenceSearchFormProps {
  council: string;
  search: LicenceSearch;
  /** A number to start from (a link from an application to its licence). */
  initialNumber?: string;
  onSearching: () => void;
  onResult: (result: LicenceSearchResult | null, said?: string) => void;
}

/** The number field of one licence search (docs/licences.md), on the form layer. */
export function LicenceSearchForm({
  council,
  search,
  initialNumber = '',
  onSearching,
  onResult,
}: LicenceSearchFormProps) {
  const { t } = useTranslation();
  const findLicence = useFindLicence();
  const findApplication = useFindApplication();
  const byReference = search === 'application';
  // One field whatever the search: the server is told which number it is.
  const form = useDomainForm(
    byReference ? numberOnly(licenceApplicationSearchSchema, 'reference') : licenceSearchSchema,
    { council, category: search, licence_no: initialNumber },
    { hidden: ['council', 'category'] },
  );
  const { setValue } = form;
  useEffect(() => setValue('council', council), [council, setValue]);
  const pending = findLicence.isPending || findApplication.isPending;

  const onSubmit = form.handleSubmit({
    send: async ({ council: code, category, licence_no }): Promise<LicenceSearchResult> => {
      onSearching();
      if (byReference) {
        const application = await findApplication.mutateAsync({
          council: code,
          reference: licence_no,
        });
        return { kind: 'application', application };
      }
      const licence = await findLicence.mutateAsync({ council: code, category, licence_no });
      return { kind: 'licence', licence };
    },
    onSuccess: (result) =>
      onResult(
        result,
        result.kind === 'licence'
          ? t('licences.found', {
              licence: result.licence.licence_no,
              // Read aloud in the reader's language, never as the council's code.
              status: statusText(t, result.licence.status),
            })
          : result.kind === 'application'
            ? t('licences.application.heading', { reference: result.application.reference })
            : '',
      ),
    onError: (error) => {
      const code = errorCodeOf(error);
      if (!refusals.includes(code)) {
        onResult(null);
        return false;
      }
      onResult({ kind: 'refused', code });
      return true;
    },
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <FormProblem form={form} />
      <TextField
        form={form}
        name="licence_no"
        label={t(byReference ? 'licences.reference.label' : 'licences.licenceNo.label')}
        hint={t(byReference ? 'licences.reference.hint' : 'licences.licenceNo.hint')}
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={80}
      />
      <Button type="submit" block aria-busy={pending || undefined}>
        <SearchIcon />
        {pending ? t('licences.searching') : t('licences.submit')}
      </Button>
    </form>
  );
}

/**
 * The application search checked as the licence search's one field: its reference is typed in
 * the same box, and its errors are shown there.
 */
function numberOnly(
  schema: typeof licenceApplicationSearchSchema,
  field: 'reference',
): DomainSchema<{ council: string; category: string; licence_no: string }> {
  return {
    safeParse: (input) => {
      const values = input as { council: string; category: string; licence_no: string };
      const checked = schema.safeParse({ council: values.council, [field]: values.licence_no });
      if (checked.success) {
        return {
          success: true,
          data: {
            council: checked.data.council,
            category: values.category,
            licence_no: checked.data.reference,
          },
        };
      }
      return {
        success: false,
        error: {
          issues: checked.error.issues.map((issue) => ({
            ...issue,
            path: issue.path.map((part) => (part === field ? 'licence_no' : part)),
          })),
        } as typeof checked.error,
      };
    },
  };
}
