import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { maxImageBytes, type ImageType } from '@portal/domain/images';
import type { Database } from '../db/database';
import { councils, images } from '../db/schema';
import { runWorkerTask, WorkerTaskStopped } from './worker-task';

/** A picture checked to be one the portal can show and print, named by its SHA-256. */
export interface CheckedImage {
  id: string;
  contentType: ImageType;
  width: number;
  height: number;
  bytes: Buffer;
}

const maxSide = 4096;

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The picture in these bytes, or null when they are not a PNG or JPEG of a sensible size. The
 * format is read from the bytes themselves, never from a name or a declared type.
 */
export function checkedImage(bytes: Buffer): CheckedImage | null {
  if (bytes.length > maxImageBytes) return null;
  const found = pngSize(bytes) ?? jpegSize(bytes);
  if (!found) return null;
  const { contentType, width, height } = found;
  if (width < 1 || height < 1 || width > maxSide || height > maxSide) return null;
  const id = createHash('sha256').update(bytes).digest('hex');
  return { id, contentType, width, height, bytes };
}

type Found = { contentType: ImageType; width: number; height: number };

function pngSize(bytes: Uint8Array): Found | null {
  if (bytes.length < 24 || pngSignature.some((byte, index) => bytes[index] !== byte)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The first chunk is always IHDR: width and height follow its length and name.
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return null;
  return { contentType: 'image/png', width: view.getUint32(16), height: view.getUint32(20) };
}

/** A JPEG's size sits in its start-of-frame segment, found by walking the segments. */
function jpegSize(bytes: Uint8Array): Found | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    const length = view.getUint16(offset + 2);
    // Start-of-frame markers; C4 (Huffman tables), C8 and CC (arithmetic coding) share the range.
    const startOfFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (startOfFrame) {
      return {
        contentType: 'image/jpeg',
        height: view.getUint16(offset + 5),
        width: view.getUint16(offset + 7),
      };
    }
    if (length < 2) return null;
    offset += 2 + length;
  }
  return null;
}

const decoder = new URL('./picture-decoder.ts', import.meta.url);

/**
 * A picture sent to be stored: checked, then decoded whole in a thread of its own (a 4096 × 4096
 * one takes a second and 64 MB), so that one that is cut short or broken is refused now rather
 * than failing every document that prints it. Null when it is not a picture the portal can use.
 */
export async function decodedImage(bytes: Buffer): Promise<CheckedImage | null> {
  const image = checkedImage(bytes);
  if (!image) return null;
  const decoded = await runWorkerTask<{ width: number; height: number } | null>(
    decoder,
    { contentType: image.contentType, bytes: image.bytes },
    { heapMb: 256, deadlineMs: 20_000 },
  ).catch((error: unknown) => {
    // Too large or too slow to decode is as good as broken; a thread that fails to run is a fault.
    if (error instanceof WorkerTaskStopped && error.why !== 'failed') return null;
    throw error;
  });
  return decoded && decoded.width === image.width && decoded.height === image.height ? image : null;
}

/** A picture shipped with the portal (seed or demo data), checked like any other. */
export function imageFile(url: URL): CheckedImage {
  const image = checkedImage(readFileSync(url));
  if (!image) throw new Error(`${fileURLToPath(url)} is not a PNG or JPEG the portal can store`);
  return image;
}

/** Stores a checked picture once, however often it is stored, and answers its id. */
export async function storeImage(db: Database, image: CheckedImage): Promise<string> {
  await db
    .insert(images)
    .values({
      id: image.id,
      contentType: image.contentType,
      width: image.width,
      height: image.height,
      bytes: image.bytes,
    })
    .onConflictDoNothing();
  return image.id;
}

export async function findImage(
  db: Database,
  id: string,
): Promise<{ contentType: ImageType; bytes: Buffer } | undefined> {
  const [row] = await db
    .select({ contentType: images.contentType, bytes: images.bytes })
    .from(images)
    .where(eq(images.id, id));
  return row;
}

/**
 * What heads the documents a council issues, read at each request so that a change in the back
 * office prints at once: its logo's bytes (none while it has none) and its portal title.
 */
export async function councilLetterheadOf(
  db: Database,
  council: string,
): Promise<{ logo: Buffer | undefined; productTitle: string | undefined }> {
  const [row] = await db
    .select({ bytes: images.bytes, productTitle: councils.productTitle })
    .from(councils)
    .leftJoin(images, eq(images.id, councils.logoImage))
    .where(eq(councils.code, council));
  return { logo: row?.bytes ?? undefined, productTitle: row?.productTitle };
}
