import { staffListQuery, type StaffRecord } from '@portal/domain/contracts/staff';
import {
  councilStaffRoles,
  staffChangeFormSchema,
  staffInviteSchema,
  staffReenrolFormSchema,
} from '@portal/domain/forms';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FilterForm } from '../../components/FilterForm';
import { FormProblem } from '../../components/form/FormProblem';
import { TextField } from '../../components/form/TextField';
import { useDomainForm, type FieldBinding } from '../../components/form/use-domain-form';
import { RecordsTable } from '../../components/RecordsTable';
import { Button } from '../../components/ui/Button';
import { Field, Select } from '../../components/ui/Field';
import { Notice } from '../../components/ui/Notice';
import { addressOfQuery } from '../../lib/address-query';
import { CouncilChoice } from './CouncilChoice';
import { useChangeStaff, useCouncilStaff, useInviteStaff, useReenrolStaff } from './get-staff';
import { QueryFailure } from './QueryFailure';
import { useStaffSession } from './staff-session';
import panel from '../../components/ActionPanel.module.css';
import list from '../../components/ListScreen.module.css';

/** A select of the form layer, with its label and translated error. */
function Choice({
  label,
  binding,
  children,
}: {
  label: string;
  binding: FieldBinding;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { errorKey, ...select } = binding;
  return (
    <Field label={label} error={errorKey ? t(`validation.${errorKey}`) : undefined}>
      {(control) => (
        <Select {...control} {...select}>
          {children}
        </Select>
      )}
    </Field>
  );
}

/** A boxed form of this page: its heading, what went wrong, what it did, and its button. */
function ActionForm({
  heading,
  done,
  submit,
  form,
  onSubmit,
  children,
}: {
  heading: string;
  done: string | undefined;
  submit: string;
  form: Parameters<typeof FormProblem>[0]['form'];
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <form className={panel.panel} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      {done ? (
        <Notice tone="info" live>
          <p>{done}</p>
        </Notice>
      ) : null}
      <FormProblem form={form} />
      {children}
      <div>
        <Button type="submit">{submit}</Button>
      </div>
    </form>
  );
}

function RoleOptions() {
  const { t } = useTranslation('office');
  return councilStaffRoles.map((role) => (
    <option key={role} value={role}>
      {t(`roles.${role}`)}
    </option>
  ));
}

function InviteForm({ council }: { council: string }) {
  const { t } = useTranslation('office');
  const invite = useInviteStaff(council);
  const empty = { council, email: '', full_name: '', role: 'officer' };
  const form = useDomainForm(staffInviteSchema, empty, { hidden: ['council'] });
  const onSubmit = form.handleSubmit({
    send: invite.mutateAsync,
    onSuccess: () => form.reset(empty),
  });
  return (
    <ActionForm
      heading={t('staff.inviteHeading')}
      done={invite.isSuccess ? t('staff.invited') : undefined}
      submit={t('staff.invite')}
      form={form}
      onSubmit={onSubmit}
    >
      <p>{t('staff.inviteIntro')}</p>
      <TextField form={form} name="full_name" label={t('staff.name')} autoComplete="off" />
      <TextField
        form={form}
        name="email"
        type="email"
        label={t('login.email')}
        autoComplete="off"
      />
      <Choice label={t('staff.role')} binding={form.field('role')}>
        <RoleOptions />
      </Choice>
    </ActionForm>
  );
}

/** The members another admin may manage: not themselves. */
function MemberOptions({ staff }: { staff: StaffRecord[] }) {
  const { t } = useTranslation('office');
  return (
    <>
      <option value="">{t('staff.chooseMember')}</option>
      {staff.map((member) => (
        <option key={member.id} value={String(member.id)}>
          {member.full_name} ({member.email})
        </option>
      ))}
    </>
  );
}

function ChangeForm({ council, staff }: { council: string; staff: StaffRecord[] }) {
  const { t } = useTranslation('office');
  const change = useChangeStaff(council);
  const empty = { member: '', role: 'officer', active: 'yes', reason: '' };
  const form = useDomainForm(staffChangeFormSchema, empty);
  const onSubmit = form.handleSubmit({
    send: ({ member, ...rest }) => change.mutateAsync({ id: Number(member), ...rest }),
    onSuccess: () => form.reset(empty),
  });
  return (
    <ActionForm
      heading={t('staff.changeHeading')}
      done={change.isSuccess ? t('staff.changed') : undefined}
      submit={t('staff.change')}
      form={form}
      onSubmit={onSubmit}
    >
      <Choice label={t('staff.member')} binding={form.field('member')}>
        <MemberOptions staff={staff} />
      </Choice>
      <Choice label={t('staff.role')} binding={form.field('role')}>
        <RoleOptions />
      </Choice>
      <Choice label={t('staff.access')} binding={form.field('active')}>
        <option value="yes">{t('staff.mayLogIn')}</option>
        <option value="no">{t('staff.disable')}</option>
      </Choice>
      <TextField
        form={form}
        name="reason"
        label={t('review.reason')}
        hint={t('review.reasonHint')}
      />
    </ActionForm>
  );
}

function ReenrolForm({ council, staff }: { council: string; staff: StaffRecord[] }) {
  const { t } = useTranslation('office');
  const reenrol = useReenrolStaff(council);
  const empty = { member: '', reason: '' };
  const form = useDomainForm(staffReenrolFormSchema, empty);
  const onSubmit = form.handleSubmit({
    send: ({ member, reason }) => reenrol.mutateAsync({ id: Number(member), reason }),
    onSuccess: () => form.reset(empty),
  });
  return (
    <ActionForm
      heading={t('staff.reenrolHeading')}
      done={reenrol.isSuccess ? t('staff.reenrolled') : undefined}
      submit={t('staff.reenrol')}
      form={form}
      onSubmit={onSubmit}
    >
      <p>{t('staff.reenrolIntro')}</p>
      <Choice label={t('staff.member')} binding={form.field('member')}>
        <MemberOptions staff={staff} />
      </Choice>
      <TextField
        form={form}
        name="reason"
        label={t('review.reason')}
        hint={t('review.reasonHint')}
      />
    </ActionForm>
  );
}

/**
 * A council's staff (docs/back-office.md): who they are, their roles and whether they may log in;
 * a council admin invites, changes and resets them. The state admin chooses the council.
 */
export function StaffPage() {
  const { t } = useTranslation('office');
  const me = useStaffSession().data?.staff;
  const own = me?.council ?? undefined;
  const [params, setParams] = useSearchParams();
  const council = own ?? staffListQuery.safeParse({ council: params.get('council') }).data?.council;
  const staff = useCouncilStaff(council);
  const members = staff.data?.staff ?? [];
  const others = members.filter((member) => member.email !== me?.email);
  return (
    <>
      <h1 className={list.heading}>{t('staff.heading')}</h1>
      <p className={list.intro}>{t('staff.intro')}</p>
      <div className={list.body}>
        {own ? null : (
          <FilterForm
            shown={{ council }}
            schema={staffListQuery}
            onApply={(next) => setParams(addressOfQuery(next))}
            words={{ label: t('filters.label'), find: t('settlement.show') }}
          >
            <CouncilChoice chosen={council} />
          </FilterForm>
        )}
        <QueryFailure query={staff} />
        {council && staff.data ? (
          <>
            <RecordsTable
              title={council.toUpperCase()}
              empty={t('staff.none')}
              headings={[t('staff.name'), t('login.email'), t('staff.role'), t('staff.status')]}
              rows={members.map((member) => ({
                key: member.id,
                cells: [
                  member.full_name,
                  member.email,
                  t(`roles.${member.role}`),
                  t(`staff.statuses.${member.status}`),
                ],
              }))}
            />
            <InviteForm key={`invite-${council}`} council={council} />
            {others.length > 0 ? (
              <>
                <ChangeForm key={`change-${council}`} council={council} staff={others} />
                <ReenrolForm key={`reenrol-${council}`} council={council} staff={others} />
              </>
            ) : null}
          </>
        ) : null}
      </div>
    </>
  );
}
