import * as z from 'zod';

/**
 * A stored picture (a council's logo, a licensed premises) is named by the SHA-256 of its bytes:
 * its address never shows other bytes, so a browser may keep it for good, and storing the same
 * picture twice keeps one copy.
 */
export const imageId = z.string().regex(/^[0-9a-f]{64}$/);

/** The picture formats a council may store: what every browser and the PDF writer can show. */
export const imageTypes = ['image/png', 'image/jpeg'] as const;

export type ImageType = (typeof imageTypes)[number];

/** Larger than any logo, premises photo or announcement needs to be on a phone or an A4 page. */
export const maxImageBytes = 2 * 1024 * 1024;
