import { compoundCategories, type CompoundCategory } from '@portal/domain/compounds';
import { ownerSearchSchema, plateSearchSchema } from '@portal/domain/forms';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../components/form/SelectField';
import { TextField } from '../../components/form/TextField';
import { useDomainForm, type DomainSchema } from '../../components/form/use-domain-form';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { BusyLabel, Button } from '../../components/ui/Button';
import { SearchIcon } from '../../components/ui/icons';
import { useListBills, type ListSearchInput } from './list-bills';
import { showSearchFailure, type SearchResult } from './search-outcome';
import styles from '../../components/SearchLayout.module.css';

type ListWay = ListSearchInput['by'];
type ListValues = { council: string; query: string; compound_category: string };

/** The form's values as the list search takes them: no category when none is chosen. */
function listSearchOf(by: ListWay, { council, query, compound_category }: ListValues) {
  const category = compound_category ? { compound_category } : {};
  return by === 'plate'
    ? { council, plate: query, ...category }
    : { council, owner_ic: query, ...category };
}

/** The domain's own check of each way; its field errors are renamed to the one query field. */
function listForm(by: ListWay): DomainSchema<ListSearchInput> {
  const schema = by === 'plate' ? plateSearchSchema : ownerSearchSchema;
  return {
    safeParse: (values) => {
      const checked = schema.safeParse(listSearchOf(by, values as ListValues));
      if (checked.success)
        return { success: true, data: { by, ...checked.data } as ListSearchInput };
      for (const issue of checked.error.issues) {
        if (issue.path[0] === 'plate' || issue.path[0] === 'owner_ic') issue.path[0] = 'query';
      }
      return checked;
    },
  };
}

export interface ListSearchFormProps {
  council: string;
  by: ListWay;
  onSearching: () => void;
  onResult: (result: SearchResult | null, said?: string) => void;
}

/**
 * A vehicle's plate or an owner's identity number, and a compound category to narrow the list
 * to (docs/search.md): what a citizen has when they do not have each bill's number.
 */
export function ListSearchForm({ council, by, onSearching, onResult }: ListSearchFormProps) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const list = useListBills();
  const form = useDomainForm(
    listForm(by),
    { council, query: '', compound_category: '' },
    { hidden: ['council'] },
  );
  const { setValue } = form;
  useEffect(() => setValue('council', council), [council, setValue]);

  const onSubmit = form.handleSubmit({
    send: (input: ListSearchInput) => {
      onSearching();
      return list.mutateAsync(input);
    },
    onSuccess: (answer) =>
      onResult(
        { kind: 'list', by, list: answer },
        answer.bills.length > 0
          ? t('search.list.found', { count: answer.bills.length })
          : t('search.list.none'),
      ),
    onError: (error) => {
      const shown = showSearchFailure(error, {
        result: onResult,
        fields: (fields) => form.showErrors({ query: fields.plate ?? fields.owner_ic, ...fields }),
        snackbar: (code) => snackbar.show({ message: t(`errors.${code}`), tone: 'error' }),
      });
      if (shown === 'not_found') form.setFocus('query', { shouldSelect: true });
      return true;
    },
  });

  const query = by === 'plate' ? 'plateQuery' : 'ownerQuery';
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.formIntro}>{t(`search.wayIntro.${by}`)}</p>
      <TextField
        form={form}
        name="query"
        label={t(`search.${query}.label`)}
        hint={t(`search.${query}.hint`)}
        autoComplete="off"
        autoCapitalize="characters"
        inputMode={by === 'owner' ? 'numeric' : 'text'}
        maxLength={30}
      />
      <SelectField form={form} name="compound_category" label={t('search.compoundCategory')}>
        <option value="">{t('search.compoundCategoryAny')}</option>
        {compoundCategories.map((category: CompoundCategory) => (
          <option key={category} value={category}>
            {t(`compoundCategories.${category}`)}
          </option>
        ))}
      </SelectField>
      <Button type="submit" block aria-busy={list.isPending || undefined}>
        <BusyLabel
          icon={<SearchIcon />}
          busy={list.isPending}
          idle={t('search.submit')}
          working={t('search.searching')}
        />
      </Button>
    </form>
  );
}
