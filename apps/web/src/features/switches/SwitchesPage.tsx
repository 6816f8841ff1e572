import { switchesQuery, type CouncilSwitches } from '@portal/domain/contracts/switches';
import { councilSwitchSchema } from '@portal/domain/forms';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FilterForm } from '../../components/FilterForm';
import { FormProblem } from '../../components/form/FormProblem';
import { TextField } from '../../components/form/TextField';
import { useDomainForm } from '../../components/form/use-domain-form';
import { RecordsTable } from '../../components/RecordsTable';
import { Button } from '../../components/ui/Button';
import { Field, Select } from '../../components/ui/Field';
import { Notice } from '../../components/ui/Notice';
import { addressOfQuery } from '../../lib/address-query';
import { CouncilChoice, QueryFailure, useStaffSession } from '../staff';
import { useChangeSwitch, useSwitches } from './get-switches';
import panel from '../../components/ActionPanel.module.css';
import list from '../../components/ListScreen.module.css';

/** Switches one thing of the council on or off, with the reason for the audit log. */
function SwitchForm({ switches }: { switches: CouncilSwitches }) {
  const { t } = useTranslation('office');
  const { t: tPortal } = useTranslation();
  const id = useId();
  const change = useChangeSwitch(switches.council);
  const empty = { council: switches.council, target: 'council', available: 'off', reason: '' };
  const form = useDomainForm(councilSwitchSchema, empty, { hidden: ['council'] });
  const { errorKey: targetError, ...target } = form.field('target');
  const { errorKey: availableError, ...available } = form.field('available');
  const onSubmit = form.handleSubmit({
    send: change.mutateAsync,
    onSuccess: () => form.reset(empty),
  });
  return (
    <form className={panel.panel} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('switches.formHeading')}</h2>
      {change.isSuccess ? (
        <Notice tone="info" live>
          <p>{t('switches.changed')}</p>
        </Notice>
      ) : null}
      <FormProblem form={form} />
      <Field
        label={t('switches.target')}
        error={targetError ? tPortal(`validation.${targetError}`) : undefined}
      >
        {(control) => (
          <Select {...control} {...target}>
            <option value="council">{t('switches.council')}</option>
            {switches.payment_types.map(({ payment_type }) => (
              <option key={payment_type} value={payment_type}>
                {tPortal(`paymentTypes.${payment_type}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        label={t('switches.state')}
        error={availableError ? tPortal(`validation.${availableError}`) : undefined}
      >
        {(control) => (
          <Select {...control} {...available}>
            <option value="off">{t('switches.off')}</option>
            <option value="on">{t('switches.on')}</option>
          </Select>
        )}
      </Field>
      <TextField
        form={form}
        name="reason"
        label={t('review.reason')}
        hint={t('review.reasonHint')}
        maxLength={500}
      />
      <div>
        <Button type="submit">{t('switches.submit')}</Button>
      </div>
    </form>
  );
}

/**
 * A council's switches (docs/back-office.md): whether it takes payments online at all, and each
 * payment type it offers. A council admin has their own council; the state admin chooses one.
 */
export function SwitchesPage() {
  const { t } = useTranslation('office');
  const { t: tPortal } = useTranslation();
  const own = useStaffSession().data?.staff?.council ?? undefined;
  const [params, setParams] = useSearchParams();
  const council = own ?? switchesQuery.safeParse({ council: params.get('council') }).data?.council;
  const switches = useSwitches(council);
  const state = (on: boolean) => (on ? t('switches.on') : t('switches.off'));
  const answer = switches.data;
  return (
    <>
      <h1 className={list.heading}>{t('switches.heading')}</h1>
      <p className={list.intro}>{t('switches.intro')}</p>
      <div className={list.body}>
        {own ? null : (
          <FilterForm
            shown={{ council }}
            schema={switchesQuery}
            onApply={(next) => setParams(addressOfQuery(next))}
            words={{ label: t('filters.label'), find: t('settlement.show') }}
          >
            <CouncilChoice chosen={council} />
          </FilterForm>
        )}
        <QueryFailure query={switches} />
        {answer ? (
          <>
            <RecordsTable
              title={answer.council.toUpperCase()}
              empty=""
              headings={[t('switches.what'), t('switches.state')]}
              rows={[
                { key: 'council', cells: [t('switches.council'), state(answer.available)] },
                ...answer.payment_types.map((type) => ({
                  key: type.payment_type,
                  cells: [tPortal(`paymentTypes.${type.payment_type}`), state(type.available)],
                })),
              ]}
            />
            <SwitchForm key={answer.council} switches={answer} />
          </>
        ) : null}
      </div>
    </>
  );
}
