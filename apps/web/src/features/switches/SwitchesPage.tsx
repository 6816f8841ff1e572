import type { CouncilSwitches } from '@portal/domain/contracts/switches';
import { councilSwitchSchema } from '@portal/domain/forms';
import { useTranslation } from 'react-i18next';
import { ActionForm } from '../../components/form/ActionForm';
import { SelectField } from '../../components/form/SelectField';
import { useDomainForm } from '../../components/form/use-domain-form';
import { RecordsTable } from '../../components/RecordsTable';
import { QueryFailure, ReasonField, useScreenCouncil } from '../staff';
import { useChangeSwitch, useSwitches } from './get-switches';
import list from '../../components/ListScreen.module.css';

/** Switches one thing of the council on or off, with the reason for the audit log. */
function SwitchForm({ switches }: { switches: CouncilSwitches }) {
  const { t } = useTranslation('office');
  const { t: tPortal } = useTranslation();
  const change = useChangeSwitch(switches.council);
  const empty = { council: switches.council, target: 'council', available: 'off', reason: '' };
  const form = useDomainForm(councilSwitchSchema, empty, { hidden: ['council'] });
  const onSubmit = form.handleSubmit({
    send: change.mutateAsync,
    onSuccess: () => form.reset(empty),
  });
  return (
    <ActionForm
      heading={t('switches.formHeading')}
      done={change.isSuccess ? t('switches.changed') : undefined}
      submit={t('switches.submit')}
      form={form}
      onSubmit={onSubmit}
    >
      <SelectField form={form} name="target" label={t('switches.target')}>
        <option value="council">{t('switches.council')}</option>
        {switches.payment_types.map(({ payment_type }) => (
          <option key={payment_type} value={payment_type}>
            {tPortal(`paymentTypes.${payment_type}`)}
          </option>
        ))}
      </SelectField>
      <SelectField form={form} name="available" label={t('switches.state')}>
        <option value="off">{t('switches.off')}</option>
        <option value="on">{t('switches.on')}</option>
      </SelectField>
      <ReasonField form={form} />
    </ActionForm>
  );
}

/**
 * A council's switches (docs/back-office.md): whether it takes payments online at all, and each
 * payment type it offers. A council admin has their own council; the state admin chooses one.
 */
export function SwitchesPage() {
  const { t } = useTranslation('office');
  const { t: tPortal } = useTranslation();
  const { council, picker } = useScreenCouncil();
  const switches = useSwitches(council);
  const state = (on: boolean) => (on ? t('switches.on') : t('switches.off'));
  const answer = switches.data;
  return (
    <>
      <h1 className={list.heading}>{t('switches.heading')}</h1>
      <p className={list.intro}>{t('switches.intro')}</p>
      <div className={list.body}>
        {picker}
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
