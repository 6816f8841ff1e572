import type { ApiKeyRecord, WebhookState } from '@portal/domain/contracts/council-api';
import { writtenDateTime } from '@portal/domain/display-filters';
import {
  apiKeyFormSchema,
  apiKeyRevokeFormSchema,
  webhookFormSchema,
  webhookRemovalFormSchema,
} from '@portal/domain/forms';
import { useTranslation } from 'react-i18next';
import { ActionForm } from '../../components/form/ActionForm';
import { SelectField } from '../../components/form/SelectField';
import { TextField } from '../../components/form/TextField';
import { useDomainForm } from '../../components/form/use-domain-form';
import { RecordsTable } from '../../components/RecordsTable';
import { Notice } from '../../components/ui/Notice';
import { currentLanguage } from '../../i18n/i18n';
import { QueryFailure, ReasonField, useScreenCouncil } from '../staff';
import {
  useApiKeys,
  useCreateApiKey,
  useRemoveWebhook,
  useRevokeApiKey,
  useSetWebhook,
  useWebhook,
} from './get-council-api';
import styles from './CouncilApiPage.module.css';
import list from '../../components/ListScreen.module.css';

/**
 * A key or a secret as it is made: the only time it shows, since the portal keeps only its hash
 * (a key) or keeps it encrypted and never shows it again (a webhook's secret).
 */
function ShownOnce({ words, secret }: { words: string; secret: string }) {
  return (
    <Notice tone="info" live>
      <p>{words}</p>
      <p>
        <code className={styles.key}>{secret}</code>
      </p>
    </Notice>
  );
}

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
        <ShownOnce
          words={t('apiKeys.made', { name: create.data.record.name })}
          secret={create.data.key}
        />
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

function SetWebhookForm({ council }: { council: string }) {
  const { t } = useTranslation('office');
  const set = useSetWebhook(council);
  const empty = { council, url: '', reason: '' };
  const form = useDomainForm(webhookFormSchema, empty, { hidden: ['council'] });
  const onSubmit = form.handleSubmit({
    send: set.mutateAsync,
    onSuccess: () => form.reset(empty),
  });
  return (
    <ActionForm
      heading={t('webhook.setHeading')}
      done={undefined}
      submit={t('webhook.set')}
      form={form}
      onSubmit={onSubmit}
    >
      {set.data ? <ShownOnce words={t('webhook.secret')} secret={set.data.secret} /> : null}
      <TextField
        form={form}
        name="url"
        type="url"
        label={t('webhook.url')}
        hint={t('webhook.urlHint')}
        autoComplete="off"
      />
      <ReasonField form={form} />
    </ActionForm>
  );
}

function RemoveWebhookForm({ council }: { council: string }) {
  const { t } = useTranslation('office');
  const remove = useRemoveWebhook(council);
  const empty = { council, reason: '' };
  const form = useDomainForm(webhookRemovalFormSchema, empty, { hidden: ['council'] });
  const onSubmit = form.handleSubmit({
    send: remove.mutateAsync,
    onSuccess: () => form.reset(empty),
  });
  return (
    <ActionForm
      heading={t('webhook.removeHeading')}
      done={remove.isSuccess ? t('webhook.removed') : undefined}
      submit={t('webhook.remove')}
      form={form}
      onSubmit={onSubmit}
    >
      <ReasonField form={form} />
    </ActionForm>
  );
}

/** Where the council's webhook posts and how its delivery stands, with its forms. */
function WebhookSection({ council, state }: { council: string; state: WebhookState }) {
  const { t } = useTranslation('office');
  const when = useWrittenTime();
  const hook = state.webhook;
  return (
    <>
      <RecordsTable
        title={t('webhook.heading')}
        intro={t('webhook.intro')}
        empty={t('webhook.none')}
        headings={[
          t('webhook.column.url'),
          t('webhook.column.delivered'),
          t('webhook.column.lastDelivered'),
          t('webhook.column.state'),
        ]}
        rows={
          hook
            ? [
                {
                  key: hook.url,
                  cells: [
                    hook.url,
                    hook.delivered_position,
                    when(hook.last_delivered_at),
                    hook.attempts === 0
                      ? t('webhook.state.delivered')
                      : t('webhook.state.retrying', { at: when(hook.next_attempt_at) }),
                  ],
                },
              ]
            : []
        }
      />
      <SetWebhookForm key={`set-${council}`} council={council} />
      {hook ? <RemoveWebhookForm key={`remove-${council}`} council={council} /> : null}
    </>
  );
}

/** A moment as the reader reads it, in Malaysia time; "never" for none. */
function useWrittenTime() {
  const { t } = useTranslation('office');
  return (at: string | null) => (at ? writtenDateTime(at, currentLanguage()) : t('apiKeys.never'));
}

/**
 * The council API in the back office (docs/council-api.md): which of the council's systems hold a
 * key, when each was last used, and the forms to make and revoke them; and the council's webhook.
 * A council admin has their own council; the state admin chooses one.
 */
export function CouncilApiPage() {
  const { t } = useTranslation('office');
  const { council, picker } = useScreenCouncil();
  const keys = useApiKeys(council);
  const webhook = useWebhook(council);
  const when = useWrittenTime();
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
        <QueryFailure query={webhook} />
        {council && webhook.data ? <WebhookSection council={council} state={webhook.data} /> : null}
      </div>
    </>
  );
}
