import type { FormEvent, ReactNode } from 'react';
import { addressOfQuery, queryOfAddress } from '../lib/address-query';
import type { DomainSchema } from './form/use-domain-form';
import { Button } from './ui/Button';
import { InputField } from './ui/Field';
import styles from './ListScreen.module.css';

/**
 * A list screen's filters: the fields given, an optional date range, Find and (with `empty`)
 * Clear. It sends nothing: Find puts the filters in the address, checked with the endpoint's query
 * schema, and the screen follows the address; so it is a plain form, not one of the form layer's.
 */
export function FilterForm<Query extends object>({
  shown,
  schema,
  empty,
  onApply,
  words,
  children,
}: {
  /** The filters as the address holds them: another search remounts the form with its values. */
  shown: { readonly [name: string]: unknown; from?: string | undefined; to?: string | undefined };
  schema: DomainSchema<Query>;
  /** What Clear goes back to, and what filters that do not check become; no Clear without it. */
  empty?: Query;
  onApply: (query: Query) => void;
  words: { label: string; find: string; clear?: string; from?: string; to?: string };
  children: ReactNode;
}) {
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = [...new FormData(event.currentTarget)].map(([name, value]): [string, string] => [
      name,
      String(value),
    ]);
    const next = queryOfAddress<Query | undefined>(schema, new URLSearchParams(values), empty);
    if (next) onApply(next);
  };
  return (
    // Keyed by the address, so that going back in history shows that search's values.
    <form
      key={addressOfQuery(shown)}
      className={styles.filters}
      aria-label={words.label}
      onSubmit={apply}
    >
      {children}
      {words.from && words.to ? (
        <>
          <InputField name="from" type="date" label={words.from} defaultValue={shown.from ?? ''} />
          <InputField name="to" type="date" label={words.to} defaultValue={shown.to ?? ''} />
        </>
      ) : null}
      <div className={`${styles.actions} ${styles.wide}`}>
        <Button type="submit">{words.find}</Button>
        {empty && words.clear ? (
          <Button variant="quiet" onClick={() => onApply(empty)}>
            {words.clear}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
