import type { FormEvent, ReactNode } from 'react';
import { addressOfQuery, queryOfAddress } from '../lib/address-query';
import type { DomainSchema } from './form/use-domain-form';
import { Button } from './ui/Button';
import { InputField } from './ui/Field';
import styles from './ListScreen.module.css';

/**
 * A list screen's filters: the fields given, an optional date range, Find and Clear. It sends
 * nothing: Find puts the filters in the address (checked with the endpoint's query schema), which
 * the list follows, so it is a plain form rather than one of the form layer's.
 */
export function FilterForm<Query extends { page: number; from?: string; to?: string }>({
  query,
  schema,
  onApply,
  words,
  children,
}: {
  query: Query;
  schema: DomainSchema<Query>;
  onApply: (query: Query) => void;
  words: { label: string; find: string; clear: string; from?: string; to?: string };
  children: ReactNode;
}) {
  const none = { page: 1 } as Query;
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = [...new FormData(event.currentTarget)].map(([name, value]): [string, string] => [
      name,
      String(value),
    ]);
    onApply(queryOfAddress(schema, new URLSearchParams(values), none));
  };
  return (
    // Keyed by the address, so that going back in history shows that search's values.
    <form
      key={addressOfQuery(query)}
      className={styles.filters}
      aria-label={words.label}
      onSubmit={apply}
    >
      {children}
      {words.from && words.to ? (
        <>
          <InputField name="from" type="date" label={words.from} defaultValue={query.from ?? ''} />
          <InputField name="to" type="date" label={words.to} defaultValue={query.to ?? ''} />
        </>
      ) : null}
      <div className={`${styles.actions} ${styles.wide}`}>
        <Button type="submit">{words.find}</Button>
        <Button variant="quiet" onClick={() => onApply(none)}>
          {words.clear}
        </Button>
      </div>
    </form>
  );
}
