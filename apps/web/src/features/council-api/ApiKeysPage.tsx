import type { ApiKeyRecord } from '@portal/domain/contracts/council-api';
import { writtenDateTime } from '@portal/domain/display-filters';
import { apiKeyFormSchema, apiKeyRevokeFormSchema } from '@portal/domain/forms';
import { useTranslation } from 'react-i18next';
import { ActionForm } from '../../components/form/ActionForm';
import { SelectField } from '../../components/form/SelectField';
import { TextField } from '../../components/form/TextField';
import { useDomainForm } from '../../components/form/use-domain-form';
import { RecordsTable } from '../../components/RecordsTable';
import { Notice } from '../../components/ui/Notice';
import { currentLanguage } from '../../i18n/i18n';
import { QueryFailure, ReasonField, useScreenCouncil } from '../staff';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './get-api-keys';
import styles from './ApiKeysPage.module.css';
import list from '../../components/ListScreen.module.css';

function CreateForm({ council }: { council: string }) {
  const { t } = useTranslation('office');
  const create = useCreateApiKey(council);
  const empty = { council, name: '' };
  const form = useDomainForm(apiKeyFormSchema, empty, { hidden: ['council'] });
  const onSubmit = form.handleSubmit({
    send: create.mutateAsync,
    onSuccess: () => form.reset(empty),
  });
  return (
    <ActionForm
      heading={t('apiKeys.createHeading')}
      done={undefined}
      submit={t('apiKeys.create')}
      form={form}
      onSubmit={onSubmit}
    >
      {create.data ? (
        // Shown once: the portal keeps only the key's hash.
        <Notice tone="info" live>
          <p>{t('apiKeys.made', { name: create.data.record.name })}</p>
          <p>
            <code className={styles.key}>{create.data.key}</code>
          </p>
        </Notice>
      ) : null}
      <TextField
        form={form}
        name="name"
        label={t('apiKeys.name')}
        hint={t('apiKeys.nameHint')}
        autoComplete="off"
      />
    </ActionForm>
  );
}

function RevokeForm({ council, keys }: { council: string; keys: ApiKeyRecord[] }) {
  const { t } = useTranslation('office');
  const revoke = useRevokeApiKey(council);
  const empty = { key: '', reason: '' };
  const form = useDomainForm(apiKeyRevokeFormSchema, empty);
  const onSubmit = form.handleSubmit({
    send: revoke.mutateAsync,
    onSuccess: () => form.reset(empty),
  });
  return (
    <ActionForm
      heading={t('apiKeys.revokeHeading')}
      done={revoke.isSuccess ? t('apiKeys.revoked') : undefined}
      submit={t('apiKeys.revoke')}
      form={form}
      onSubmit={onSubmit}
    >
      <SelectField form={form} name="key" label={t('apiKeys.key')}>
        <option value="">{t('apiKeys.chooseKey')}</option>
        {keys
          .filter((key) => key.revoked_at === null)
          .map((key) => (
            <option key={key.id} value={String(key.id)}>
              {t('apiKeys.keyOption', { name: key.name, hint: key.hint })}
            </option>
          ))}
      </SelectField>
      <ReasonField form={form} />
    </ActionForm>
  );
}

/**
 * A council's keys for the council API (docs/council-api.md): which of its systems hold one, when
 * each was last used, and the forms to make and revoke them. A council admin has their own
 * council; the state admin chooses one.
 */
export function ApiKeysPage() {
  const { t } = useTranslation('office');
  const { council, picker } = useScreenCouncil();
  const keys = useApiKeys(council);
  const when = (at: string | null) =>
    at ? writtenDateTime(at, currentLanguage()) : t('apiKeys.never');
  return (
    <>
      <h1 className={list.heading}>{t('apiKeys.heading')}</h1>
      <p className={list.intro}>{t('apiKeys.intro')}</p>
      <div className={list.body}>
        {picker}
        <QueryFailure query={keys} />
        {council && keys.data ? (
          <>
            <RecordsTable
              title={t('apiKeys.list')}
              empty={t('apiKeys.none')}
              headings={[
                t('apiKeys.column.name'),
                t('apiKeys.column.hint'),
                t('apiKeys.column.made'),
                t('apiKeys.column.lastUsed'),
                t('apiKeys.column.state'),
              ]}
              rows={keys.data.keys.map((key) => ({
                key: key.id,
                cells: [
                  key.name,
                  `…${key.hint}`,
                  `${when(key.created_at)} · ${key.created_by}`,
                  when(key.last_used_at),
                  key.revoked_at
                    ? t('apiKeys.revokedAt', { at: when(key.revoked_at) })
                    : t('apiKeys.active'),
                ],
              }))}
            />
            <CreateForm key={`create-${council}`} council={council} />
            <RevokeForm key={`revoke-${council}`} council={council} keys={keys.data.keys} />
          </>
        ) : null}
      </div>
    </>
  );
}
