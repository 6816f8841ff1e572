import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Button } from '../../components/ui/Button';
import { ArrowRightIcon, ChevronDownIcon } from '../../components/ui/icons';
import { CouncilsLoadError } from '../../components/CouncilsLoadError';
import { useCouncils } from '../../shared/get-councils';
import { licencePath, searchPath } from '@portal/domain/web-paths';
import styles from './HomePage.module.css';

/** Step one of paying: choose one of the 23 councils, then go on to the search screen. */
export function CouncilPicker() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const councils = useCouncils();
  const [council, setCouncil] = useState('');
  const [showRequired, setShowRequired] = useState(false);
  const selectRef = useRef<HTMLSelectElement>(null);
  const id = useId();
  const selectId = `${id}-council`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!council) {
      setShowRequired(true);
      selectRef.current?.focus();
      return;
    }
    navigate(searchPath(council));
  };

  return (
    <section className={styles.picker} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.pickerTitle}>
        {t('home.picker.heading')}
      </h2>
      <form className={styles.pickerForm} onSubmit={onSubmit} noValidate>
        <div className={styles.field}>
          {councils.isError ? (
            // No select to label while the list is missing: the same words, as plain text.
            <p className={styles.label}>{t('home.picker.label')}</p>
          ) : (
            <label htmlFor={selectId} className={styles.label}>
              {t('home.picker.label')}
            </label>
          )}
          {showRequired && !council ? (
            <p id={errorId} className={styles.fieldError}>
              {t('home.picker.required')}
            </p>
          ) : null}

          {councils.isError ? (
            <CouncilsLoadError councils={councils} />
          ) : (
            <div className={styles.selectWrap}>
              <select
                id={selectId}
                ref={selectRef}
                className={styles.select}
                value={council}
                onChange={(event) => setCouncil(event.target.value)}
                disabled={councils.isPending}
                aria-invalid={showRequired && !council ? true : undefined}
                aria-describedby={showRequired && !council ? `${errorId} ${hintId}` : hintId}
              >
                <option value="">
                  {councils.isPending ? t('home.picker.loading') : t('home.picker.placeholder')}
                </option>
                {councils.data?.map((item) => (
                  <option key={item.code} value={item.code} disabled={!item.available}>
                    {item.available
                      ? item.name
                      : t('home.picker.notAvailable', { name: item.name })}
                  </option>
                ))}
              </select>
              <ChevronDownIcon className={styles.selectChevron} />
            </div>
          )}
          <p id={hintId} className={styles.hint}>
            {t('home.picker.hint')}
          </p>
        </div>
        <span className="sr-only" role="status">
          {councils.isPending ? t('home.picker.loading') : ''}
        </span>
        {councils.isError ? null : (
          <Button type="submit" block>
            {t('home.picker.continue')}
            <ArrowRightIcon />
          </Button>
        )}
      </form>
      <Link to={licencePath({ council })} className={styles.licencesLink}>
        {t('home.picker.licences')}
        <ArrowRightIcon />
      </Link>
    </section>
  );
}
