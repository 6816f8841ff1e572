import type { FieldsOf } from './use-domain-form';
import styles from './CheckboxField.module.css';

/** One labelled checkbox of a form (a yes or no the schema reads as a boolean). */
export function CheckboxField<Name extends string>({
  form,
  name,
  label,
}: {
  form: FieldsOf<Name>;
  name: Name;
  label: string;
}) {
  // A yes or no is never wrong: the binding's error key has nothing to show.
  const { name: fieldName, onChange, onBlur, ref } = form.field(name, label);
  return (
    <label className={styles.checkbox}>
      <input type="checkbox" name={fieldName} onChange={onChange} onBlur={onBlur} ref={ref} />
      <span>{label}</span>
    </label>
  );
}
