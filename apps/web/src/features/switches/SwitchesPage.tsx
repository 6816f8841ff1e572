import type { ChannelStates, CouncilSwitches } from '@portal/domain/contracts/switches';
import { writtenDateTime } from '@portal/domain/display-filters';
import { channelSwitchSchema, councilSwitchSchema } from '@portal/domain/forms';
import { paymentMethods } from '@portal/domain/payment-methods';
import { useTranslation } from 'react-i18next';
import { ActionForm } from '../../components/form/ActionForm';
import { SelectField } from '../../components/form/SelectField';
import { useDomainForm } from '../../components/form/use-domain-form';
import { RecordsTable } from '../../components/RecordsTable';
import { currentLanguage } from '../../i18n/i18n';
import { QueryFailure, ReasonField, useScreenCouncil, useStaffSession } from '../staff';
import { useChangeChannel, useChangeSwitch, useChannels, useSwitches } from './get-switches';
import list from '../../components/ListScreen.module.css';
import table from '../../components/DataTable.module.css';

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
        <optgroup label={t('switches.groups.council')}>
          <option value="council">{t('switches.council')}</option>
        </optgroup>
        <optgroup label={t('switches.groups.paymentTypes')}>
          {switches.payment_types.map(({ payment_type }) => (
            <option key={payment_type} value={payment_type}>
              {tPortal(`paymentTypes.${payment_type}`)}
            </option>
          ))}
        </optgroup>
        <optgroup label={t('switches.groups.methods')}>
          {switches.payment_methods.map(({ method }) => (
            <option key={method} value={method}>
              {tPortal(`paymentMethods.${method}`)}
            </option>
          ))}
        </optgroup>
      </SelectField>
      <SelectField form={form} name="available" label={t('switches.state')}>
        <option value="off">{t('switches.off')}</option>
        <option value="on">{t('switches.on')}</option>
      </SelectField>
      <ReasonField form={form} />
    </ActionForm>
  );
}

/** Marks one bank or e-wallet down or up for every council, with the reason for the audit log. */
function ChannelForm({ channels }: { channels: ChannelStates['channels'] }) {
  const { t } = useTranslation('office');
  const { t: tPortal } = useTranslation();
  const change = useChangeChannel();
  const empty = { payment_id: '', online: 'off', reason: '' };
  const form = useDomainForm(channelSwitchSchema, empty);
  const onSubmit = form.handleSubmit({
    send: change.mutateAsync,
    onSuccess: () => form.reset(empty),
  });
  return (
    <ActionForm
      heading={t('switches.channels.formHeading')}
      done={change.isSuccess ? t('switches.channels.changed') : undefined}
      submit={t('switches.channels.submit')}
      form={form}
      onSubmit={onSubmit}
    >
      <SelectField form={form} name="payment_id" label={t('switches.channels.column.name')}>
        <option value="">{t('switches.channels.choose')}</option>
        {paymentMethods.map((method) => {
          const ofMethod = channels.filter((channel) => channel.method === method);
          return ofMethod.length === 0 ? null : (
            <optgroup key={method} label={tPortal(`paymentMethods.${method}`)}>
              {ofMethod.map((channel) => (
                <option key={channel.payment_id} value={channel.payment_id}>
                  {channel.name}
                </option>
              ))}
            </optgroup>
          );
        })}
      </SelectField>
      <SelectField form={form} name="online" label={t('switches.state')}>
        <option value="off">{t('switches.channels.down')}</option>
        <option value="on">{t('switches.channels.up')}</option>
      </SelectField>
      <ReasonField form={form} />
    </ActionForm>
  );
}

/**
 * The banks and e-wallets, state-wide (docs/back-office.md): which the checkout offers, who last
 * marked each and why, and the form to mark one. The gateway tells merchants of a bank's outage by
 * notice, so the state admin marks it here for every council.
 */
function Channels() {
  const { t } = useTranslation('office');
  const { t: tPortal } = useTranslation();
  const channels = useChannels();
  const answer = channels.data;
  return (
    <>
      <QueryFailure query={channels} />
      {answer ? (
        <>
          <RecordsTable
            title={t('switches.channels.heading')}
            intro={t('switches.channels.intro')}
            empty=""
            headings={[
              t('switches.channels.column.name'),
              t('switches.channels.column.method'),
              t('switches.state'),
              t('switches.channels.column.markedBy'),
              t('switches.channels.column.reason'),
            ]}
            rows={answer.channels.map((channel) => ({
              key: channel.payment_id,
              cells: [
                channel.name,
                tPortal(`paymentMethods.${channel.method}`),
                channel.online ? t('switches.channels.up') : t('switches.channels.down'),
                channel.changed_by ? (
                  <span>
                    {channel.changed_by}
                    {channel.changed_at ? (
                      <>
                        <br />
                        <span className={table.muted}>
                          {writtenDateTime(channel.changed_at, currentLanguage())}
                        </span>
                      </>
                    ) : null}
                  </span>
                ) : (
                  t('switches.channels.never')
                ),
                channel.reason ?? '–',
              ],
            }))}
          />
          <ChannelForm channels={answer.channels} />
        </>
      ) : null}
    </>
  );
}

/**
 * A council's switches (docs/back-office.md): whether it takes payments online at all, each
 * payment type it offers, and each way to pay. A council admin has their own council; the state
 * admin chooses one, and also marks banks and e-wallets down for every council.
 */
export function SwitchesPage() {
  const { t } = useTranslation('office');
  const { t: tPortal } = useTranslation();
  const { council, picker } = useScreenCouncil();
  const stateWide = useStaffSession().data?.staff?.role === '_admin';
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
                ...answer.payment_methods.map((way) => ({
                  key: way.method,
                  cells: [tPortal(`paymentMethods.${way.method}`), state(way.available)],
                })),
              ]}
            />
            <SwitchForm key={answer.council} switches={answer} />
          </>
        ) : null}
        {stateWide ? <Channels /> : null}
      </div>
    </>
  );
}
