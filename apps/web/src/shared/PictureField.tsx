import { officeImagesApi } from '@portal/domain/contracts/images';
import type { ErrorCode, ValidationMessageKey } from '@portal/domain/errors';
import { useMutation } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../components/form/field-error-text';
import { Field, FileInput } from '../components/ui/Field';
import { callEndpoint, errorCodeOf } from '../lib/api-client';
import styles from './PictureField.module.css';

/**
 * A picture a back-office form stores as soon as it is chosen (the announcement, a council's logo):
 * the form names it by the id the store answers, and saves it with the rest. A file too large
 * for the store is refused here, before a byte is sent.
 */
export function usePictureUpload(onStored: (image: string) => void) {
  const upload = useMutation({
    mutationFn: (file: File) => callEndpoint(officeImagesApi.store, { file }),
    onSuccess: ({ image }) => onStored(image),
  });
  const [tooLarge, setTooLarge] = useState(false);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    setTooLarge(file.size > officeImagesApi.store.upload.maxBytes);
    if (file.size > officeImagesApi.store.upload.maxBytes) upload.reset();
    else upload.mutate(file);
  };
  const problem: ErrorCode | undefined = tooLarge
    ? 'too_large'
    : upload.isError
      ? errorCodeOf(upload.error)
      : undefined;
  return { upload, choose, problem };
}

type PictureUpload = ReturnType<typeof usePictureUpload>;
type StoredPicture = NonNullable<PictureUpload['upload']['data']>;

/**
 * The file input of a picture `usePictureUpload` stores, with what went wrong (the store's refusal
 * first, then the form's own check of the field) and the upload's progress. "Uploaded" is said
 * only while the field still names the picture uploaded.
 */
export function PictureField({
  picture: { upload, choose, problem },
  current,
  invalid,
  label,
  hint,
  uploading,
  uploaded,
}: {
  picture: PictureUpload;
  /** The stored picture the form's field names now; '' for none. */
  current: string;
  invalid: ValidationMessageKey | undefined;
  label: string;
  hint: string;
  uploading: string;
  uploaded: (picture: StoredPicture) => string;
}) {
  const { t } = useTranslation();
  return (
    <Field
      label={label}
      hint={hint}
      error={
        problem ? t(`errors.${problem}`) : invalid ? fieldErrorText(t, invalid, label) : undefined
      }
    >
      {(control) => (
        <>
          <FileInput
            {...control}
            accept={officeImagesApi.store.upload.types.join(',')}
            onChange={choose}
            disabled={upload.isPending}
          />
          <p role="status" className={styles.status}>
            {upload.isPending
              ? uploading
              : upload.isSuccess && current === upload.data.image
                ? uploaded(upload.data)
                : ''}
          </p>
        </>
      )}
    </Field>
  );
}
