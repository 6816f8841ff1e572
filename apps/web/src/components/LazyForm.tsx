import { Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyOrUnavailable } from '../lib/chunk-reload';
import { UnavailableNotice } from './UnavailableNotice';
import styles from './LazyForm.module.css';

/**
 * A form a screen shows only on demand or in some cases (renaming a saved account, finding a
 * receipt this browser cannot open): its code, with the form layer and the domain's zod schemas,
 * is fetched when it is first shown rather than with the screen (docs/decisions/0027). A line says
 * so while it arrives.
 */
export function lazyForm<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const Form = lazyOrUnavailable(load, UnavailableNotice);
  return function LazyForm(props: Props) {
    const { t } = useTranslation();
    return (
      <Suspense
        fallback={
          <p className={styles.loading} role="status">
            {t('form.loading')}
          </p>
        }
      >
        <Form {...props} />
      </Suspense>
    );
  };
}
