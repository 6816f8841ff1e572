import * as z from 'zod';
import { imageId } from '../images';
import { apiBase, type Endpoint } from './endpoint';

export const imagesApi = {
  get: {
    method: 'GET',
    path: '/images/:id',
    summary: "A stored picture (a council's logo, a licensed premises) by the SHA-256 of its bytes",
    params: z.object({ id: imageId.describe('SHA-256 of the picture, in hex') }),
    answer: z.unknown().describe('image/png or image/jpeg; it never changes'),
    errors: ['not_found'],
  },
} as const satisfies Record<string, Endpoint>;

/** Where the browser fetches a stored picture. */
export function imageUrl(id: string): string {
  return `${apiBase}${imagesApi.get.path.replace(':id', id)}`;
}
