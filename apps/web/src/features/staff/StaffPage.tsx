import type { StaffRecord } from '@portal/domain/contracts/staff';
import {
  councilStaffRoles,
  staffChangeFormSchema,
  staffInviteSchema,
  staffReenrolFormSchema,
} from '@portal/domain/forms';
import { useTranslation } from 'react-i18next';
import { ActionForm } from '../../components/form/ActionForm';
import { SelectField } from '../../components/form/SelectField';
import { TextField } from '../../components/form/TextField';
import { useDomainForm } from '../../components/form/use-domain-form';
import { RecordsTable } from '../../components/RecordsTable';
import { ReasonField } from './ReasonField';
import { useChangeStaff, useCouncilStaff, useInviteStaff, useReenrolStaff } from './get-staff';
import { QueryFailure } from './QueryFailure';
import { useScreenCouncil } from './ScreenCouncil';
import { useStaffSession } from './staff-session';
import list from '../../components/ListScreen.module.css';

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
      <SelectField form={form} name="role" label={t('staff.role')}>
        <RoleOptions />
      </SelectField>
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
      <SelectField form={form} name="member" label={t('staff.member')}>
        <MemberOptions staff={staff} />
      </SelectField>
      <SelectField form={form} name="role" label={t('staff.role')}>
        <RoleOptions />
      </SelectField>
      <SelectField form={form} name="active" label={t('staff.access')}>
        <option value="yes">{t('staff.mayLogIn')}</option>
        <option value="no">{t('staff.disable')}</option>
      </SelectField>
      <ReasonField form={form} />
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
      <SelectField form={form} name="member" label={t('staff.member')}>
        <MemberOptions staff={staff} />
      </SelectField>
      <ReasonField form={form} />
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
  const { council, picker } = useScreenCouncil();
  const staff = useCouncilStaff(council);
  const members = staff.data?.staff ?? [];
  const others = members.filter((member) => member.email !== me?.email);
  return (
    <>
      <h1 className={list.heading}>{t('staff.heading')}</h1>
      <p className={list.intro}>{t('staff.intro')}</p>
      <div className={list.body}>
        {picker}
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
