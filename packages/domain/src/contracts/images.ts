import * as z from 'zod';
import { imageId, imageTypes, maxImageBytes } from '../images';
import { apiBase, type Endpoint, type OfficeEndpoint } from './endpoint';

export const imagesApi = {
  get: {
    method: 'GET',
    path: '/images/:id',
    summary: "A stored picture (a council's logo, a licensed premises) by the SHA-256 of its bytes",
    params: z.object({ id: imageId.describe('SHA-256 of the picture, in hex') }),
    // Named by its content, it never changes.
    file: { types: ['image/png', 'image/jpeg'] },
    answer: z.unknown(),
    errors: ['not_found'],
  },
} as const satisfies Record<string, Endpoint>;

/** Where the browser fetches a stored picture. */
export function imageUrl(id: string): string {
  return `${apiBase}${imagesApi.get.path.replace(':id', id)}`;
}

/**
 * Staff store a picture before a setting names it (the state admin's announcement, a council
 * admin's logo): the bytes must be a PNG or JPEG of a sensible size, checked from the bytes
 * themselves, and the same picture stored twice is kept once. A stored picture is shown only where
 * a setting names it, every upload is in the audit log with who made it, and a council's staff store
at most 20 an hour.
 */
export const officeImagesApi = {
  store: {
    method: 'POST',
    path: '/office/images',
    summary: 'Store a picture (PNG or JPEG, up to 2 MB) and answer its id',
    access: 'council_admin',
    upload: { types: imageTypes, maxBytes: maxImageBytes },
    answer: z.strictObject({
      image: imageId.describe('SHA-256 of the picture, in hex'),
      width: z.number().int(),
      height: z.number().int(),
    }),
    errors: ['login_required', 'forbidden', 'too_large', 'file_not_accepted', 'rate_limited'],
  },
} as const satisfies Record<string, OfficeEndpoint>;
