import { imageUrl } from '@portal/domain/contracts/images';
import { officeSettingsApi, type OfficeSiteSettings } from '@portal/domain/contracts/settings';
import type { ValidationMessageKey } from '@portal/domain/errors';
import { announcementFormSchema } from '@portal/domain/forms';
import { languages } from '@portal/domain/languages';
import { useTranslation } from 'react-i18next';
import { ActionForm } from '../../components/form/ActionForm';
import { SelectField } from '../../components/form/SelectField';
import { TextField } from '../../components/form/TextField';
import { useDomainForm } from '../../components/form/use-domain-form';
import { languageNames } from '../../i18n/languages';
import { PictureField, usePictureUpload } from '../../shared/PictureField';
import { ReasonField } from '../staff';
import { useSiteSettingsChange } from './site-settings-change';
import styles from './AnnouncementForm.module.css';

function valuesOf({ announcement }: OfficeSiteSettings) {
  return {
    shown: announcement?.shown ? 'yes' : 'no',
    image: announcement?.image ?? '',
    alt_ms: announcement?.alt.ms ?? '',
    alt_en: announcement?.alt.en ?? '',
    alt_zh: announcement?.alt.zh ?? '',
    reason: '',
  };
}

/**
 * The announcement (docs/site-settings.md): a picture, uploaded as soon as it is chosen, with its
 * words in every language, shown to readers or kept aside.
 */
export function AnnouncementForm({ settings }: { settings: OfficeSiteSettings }) {
  const { t } = useTranslation('office');
  const change = useSiteSettingsChange(officeSettingsApi.announcement);
  const form = useDomainForm(announcementFormSchema, valuesOf(settings), { hidden: ['image'] });
  const picture = usePictureUpload((image) => {
    form.setValue('image', image);
    form.clearErrors('image');
  });
  const missing = form.formState.errors.image?.message as ValidationMessageKey | undefined;
  const image = form.watch('image');
  const onSubmit = form.handleSubmit({
    send: change.mutateAsync,
    onSuccess: (answer) => form.reset(valuesOf(answer)),
  });
  return (
    <ActionForm
      heading={t('settings.announcementHeading')}
      done={change.isSuccess ? t('settings.saved') : undefined}
      submit={t('settings.submit')}
      form={form}
      onSubmit={onSubmit}
    >
      <p>{t('settings.announcementIntro')}</p>
      <SelectField form={form} name="shown" label={t('settings.announcementShown')}>
        <option value="yes">{t('settings.shown')}</option>
        <option value="no">{t('settings.notShown')}</option>
      </SelectField>
      <PictureField
        picture={picture}
        current={image}
        invalid={missing}
        label={t('settings.picture')}
        hint={t('settings.pictureHint')}
        uploading={t('settings.pictureUploading')}
        uploaded={(stored) => t('settings.pictureUploaded', stored)}
      />
      {image ? (
        <img className={styles.preview} src={imageUrl(image)} alt={t('settings.picturePreview')} />
      ) : null}
      {languages.map((lang) => (
        <TextField
          key={lang}
          form={form}
          name={`alt_${lang}`}
          label={t('settings.alt', { language: languageNames[lang] })}
          hint={t('settings.altHint')}
          lang={lang}
        />
      ))}
      <ReasonField form={form} />
    </ActionForm>
  );
}
