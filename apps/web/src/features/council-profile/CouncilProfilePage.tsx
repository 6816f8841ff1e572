import type { CouncilProfile } from '@portal/domain/contracts/council-profile';
import { imageUrl } from '@portal/domain/contracts/images';
import type { ValidationMessageKey } from '@portal/domain/errors';
import { councilProfileFormSchema, type CouncilContactForm } from '@portal/domain/forms';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionForm } from '../../components/form/ActionForm';
import { TextField } from '../../components/form/TextField';
import { useDomainForm } from '../../components/form/use-domain-form';
import { Button } from '../../components/ui/Button';
import { PictureField, usePictureUpload } from '../../shared/PictureField';
import { HelplineForm } from '../settings';
import { QueryFailure, ReasonField, useScreenCouncil } from '../staff';
import { useChangeContact, useChangeProfile, useCouncilProfile } from './get-council-profile';
import list from '../../components/ListScreen.module.css';
import styles from './CouncilProfilePage.module.css';

/** Basis points as the officer reads them, in percent: 4550 is 45.5. */
const percentOf = (bp: number) => String(bp / 100);

function valuesOf(profile: CouncilProfile) {
  return {
    council: profile.council,
    product_title: profile.product_title,
    logo: profile.logo ?? '',
    partial_discount_percent: percentOf(profile.assessment_partial_discount_bp),
    arrears_discount_percent: percentOf(profile.assessment_arrears_discount_bp),
    reason: '',
  };
}

/**
 * The title, the logo and the assessment rates. A logo chosen is uploaded at once and shown, and
 * is the council's only once the form is saved; "no logo" brings the drawn crest back.
 */
function ProfileForm({ profile }: { profile: CouncilProfile }) {
  const { t } = useTranslation('office');
  const change = useChangeProfile();
  const form = useDomainForm(councilProfileFormSchema, valuesOf(profile), {
    hidden: ['council', 'logo'],
  });
  const picture = usePictureUpload((image) => {
    form.setValue('logo', image);
    form.clearErrors('logo');
  });
  const logoError = form.formState.errors.logo?.message as ValidationMessageKey | undefined;
  const logo = form.watch('logo');
  const submit = form.handleSubmit({
    send: change.mutateAsync,
    onSuccess: (answer) => {
      picture.upload.reset();
      form.reset(valuesOf(answer));
    },
  });
  // Saved while a new logo is still on its way, the form would keep the old one without a word.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (picture.upload.isPending) event.preventDefault();
    else submit(event);
  };
  return (
    <ActionForm
      heading={t('councilProfile.profileHeading')}
      done={change.isSuccess ? t('councilProfile.saved') : undefined}
      submit={t('councilProfile.submit')}
      form={form}
      onSubmit={onSubmit}
    >
      <TextField
        form={form}
        name="product_title"
        label={t('councilProfile.productTitle')}
        hint={t('councilProfile.productTitleHint')}
        maxLength={80}
      />
      <PictureField
        picture={picture}
        current={logo}
        invalid={logoError}
        label={t('councilProfile.logo')}
        hint={t('councilProfile.logoHint')}
        uploading={t('councilProfile.logoUploading')}
        uploaded={(stored) => t('councilProfile.logoUploaded', stored)}
      />
      <div className={styles.logo}>
        {logo ? (
          <>
            <img
              className={styles.preview}
              src={imageUrl(logo)}
              alt={t('councilProfile.logoPreview')}
            />
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                form.setValue('logo', '');
                picture.upload.reset();
              }}
            >
              {t('councilProfile.removeLogo')}
            </Button>
          </>
        ) : (
          <p className={styles.status}>{t('councilProfile.noLogo')}</p>
        )}
      </div>
      <TextField
        form={form}
        name="partial_discount_percent"
        inputMode="decimal"
        label={t('councilProfile.partialDiscount')}
        hint={t('councilProfile.partialDiscountHint')}
      />
      <TextField
        form={form}
        name="arrears_discount_percent"
        inputMode="decimal"
        label={t('councilProfile.arrearsDiscount')}
        hint={t('councilProfile.arrearsDiscountHint')}
      />
      <ReasonField form={form} />
    </ActionForm>
  );
}

/** The council's contacts, through the one contact form the portal helpline uses too. */
function ContactForm({ profile }: { profile: CouncilProfile }) {
  const { t } = useTranslation('office');
  const change = useChangeContact();
  return (
    <HelplineForm
      contact={profile.contact}
      council={profile.council}
      heading={t('councilProfile.contactHeading')}
      intro={t('councilProfile.contactIntro')}
      submit={t('councilProfile.submit')}
      send={async (form) => (await change.mutateAsync(form as CouncilContactForm)).contact}
      done={change.isSuccess ? t('councilProfile.saved') : undefined}
    />
  );
}

/**
 * A council's profile (docs/back-office.md): its portal title, logo, assessment rates and
 * contacts. A council admin has their own council; the state admin chooses one.
 */
export function CouncilProfilePage() {
  const { t } = useTranslation('office');
  const { council, picker } = useScreenCouncil();
  const profile = useCouncilProfile(council);
  const answer = profile.data;
  return (
    <>
      <h1 className={list.heading}>{t('councilProfile.heading')}</h1>
      <p className={list.intro}>{t('councilProfile.intro')}</p>
      <div className={list.body}>
        {picker}
        <QueryFailure query={profile} />
        {answer ? (
          <>
            <p className={list.count}>{answer.name}</p>
            <ProfileForm key={`profile-${answer.council}`} profile={answer} />
            <ContactForm key={`contact-${answer.council}`} profile={answer} />
          </>
        ) : null}
      </div>
    </>
  );
}
