import type { ContactDetails } from '@portal/domain/contacts';
import { openingHoursLines, telHref } from '@portal/domain/contact-text';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { CouncilsLoadError } from '../../components/CouncilsLoadError';
import { Field, Select } from '../../components/ui/Field';
import { currentLanguage } from '../../i18n/i18n';
import { useCouncils } from '../../shared/get-councils';
import { useSiteSettings } from '../../shared/get-settings';
import { ContentPage } from './ContentPage';
import styles from './HelplinePage.module.css';

/** The id of a council's name on the page, which the jump to it focuses. */
const councilHeadingId = (code: string) => `council-${code}`;

/**
 * The helpline page (docs/helpline.md): its words, then the portal's own helpline and each
 * council's contacts, as data, so a council that changes its number changes no page. The 23
 * councils make a long page, so the reader jumps to theirs; `?council=mps` opens at it.
 */
export function HelplinePage() {
  const { t } = useTranslation();
  const councils = useCouncils();
  const helpline = useSiteSettings()?.helpline ?? null;
  const [params, setParams] = useSearchParams();
  const chosen = params.get('council') ?? '';
  const listed = councils.data !== undefined;
  useEffect(() => {
    const heading = chosen ? document.getElementById(councilHeadingId(chosen)) : null;
    if (!heading) return;
    heading.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: true });
  }, [chosen, listed]);
  return (
    <ContentPage>
      <section aria-labelledby="portal-helpline" className={styles.section}>
        <h2 id="portal-helpline" className={styles.heading}>
          {t('helpline.portalHeading')}
        </h2>
        <ContactCard contact={helpline} missing={t('helpline.portalNotPublished')} />
      </section>
      <section aria-labelledby="council-contacts" className={styles.section}>
        <h2 id="council-contacts" className={styles.heading}>
          {t('helpline.councilsHeading')}
        </h2>
        {councils.isError ? <CouncilsLoadError councils={councils} /> : null}
        {councils.data ? (
          <Field label={t('helpline.jumpLabel')} className={styles.jump}>
            {(control) => (
              <Select
                {...control}
                value={chosen}
                onChange={(event) =>
                  setParams(event.target.value ? { council: event.target.value } : {}, {
                    replace: true,
                  })
                }
              >
                <option value="">{t('helpline.jumpPlaceholder')}</option>
                {councils.data.map((council) => (
                  <option key={council.code} value={council.code}>
                    {council.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : null}
        <ul className={styles.councils}>
          {councils.data?.map((council) => (
            <li key={council.code}>
              <ContactCard
                titleId={councilHeadingId(council.code)}
                title={council.name}
                contact={council.contact}
                missing={t('helpline.councilNotPublished')}
              />
            </li>
          ))}
        </ul>
      </section>
    </ContentPage>
  );
}

function ContactCard({
  title,
  titleId,
  contact,
  missing,
}: {
  title?: string;
  titleId?: string;
  contact: ContactDetails | null;
  missing: string;
}) {
  const { t } = useTranslation();
  const hours = contact ? openingHoursLines(contact.opening_hours, currentLanguage()) : [];
  return (
    <div className={styles.card}>
      {title ? (
        <h3 id={titleId} tabIndex={-1} className={styles.name}>
          {title}
        </h3>
      ) : null}
      {contact ? (
        <dl className={styles.details}>
          {contact.phone ? (
            <div>
              <dt>{t('helpline.phone')}</dt>
              <dd>
                <a href={telHref(contact.phone)}>{contact.phone}</a>
              </dd>
            </div>
          ) : null}
          {contact.email ? (
            <div>
              <dt>{t('helpline.email')}</dt>
              <dd>
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </dd>
            </div>
          ) : null}
          {contact.address ? (
            <div>
              <dt>{t('helpline.address')}</dt>
              <dd>{contact.address}</dd>
            </div>
          ) : null}
          {hours.length > 0 ? (
            <div>
              <dt>{t('helpline.hours')}</dt>
              {hours.map((line) => (
                <dd key={line}>{line}</dd>
              ))}
            </div>
          ) : null}
        </dl>
      ) : (
        <p className={styles.missing}>{missing}</p>
      )}
    </div>
  );
}
