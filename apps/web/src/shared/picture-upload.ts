import { officeImagesApi } from '@portal/domain/contracts/images';
import type { ErrorCode } from '@portal/domain/errors';
import { useMutation } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { callEndpoint, errorCodeOf } from '../lib/api-client';

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
