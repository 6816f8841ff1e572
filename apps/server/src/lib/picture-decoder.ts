import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import type { ImageType } from '@portal/domain/images';

/**
 * Runs in a worker thread (stored-images.ts): decodes a whole picture, every pixel, as a browser
 * and the PDF writer will, and answers its size, or null when it does not decode (a file cut
 * short, a broken chunk or marker).
 */
export async function task({
  contentType,
  bytes,
}: {
  contentType: ImageType;
  bytes: Uint8Array;
}): Promise<{ width: number; height: number } | null> {
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const { width, height } =
      contentType === 'image/png'
        ? PNG.sync.read(buffer)
        : jpeg.decode(buffer, { tolerantDecoding: false, maxMemoryUsageInMB: 160 });
    return { width, height };
  } catch {
    return null;
  }
}
