import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { maxImageBytes } from '@portal/domain/images';
import { jpegHeaderOf, pngOf } from '../test/test-images';
import { checkedImage } from './stored-images';

describe('a picture to store', () => {
  test('a PNG is known by its bytes, with its size, and named by their SHA-256', () => {
    const png = pngOf(30, 36);
    expect(checkedImage(png)).toEqual({
      id: createHash('sha256').update(png).digest('hex'),
      contentType: 'image/png',
      width: 30,
      height: 36,
      bytes: png,
    });
  });

  test('a JPEG is known by its frame header, past the segments before it', () => {
    expect(checkedImage(jpegHeaderOf(640, 400))).toMatchObject({
      contentType: 'image/jpeg',
      width: 640,
      height: 400,
    });
  });

  test('the same picture twice has the same name; another picture another', () => {
    expect(checkedImage(pngOf(4, 4))?.id).toBe(checkedImage(pngOf(4, 4))?.id);
    expect(checkedImage(pngOf(4, 4))?.id).not.toBe(checkedImage(pngOf(4, 5))?.id);
  });

  test.each([
    [
      'an SVG, which could carry a script',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    ],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00')],
    ['a PNG cut short', pngOf(4, 4).subarray(0, 20)],
    ['a JPEG with no frame', jpegHeaderOf(4, 4).subarray(0, 20)],
    ['a picture with no pixels', pngOf(0, 4)],
    ['a picture wider than any page needs', jpegHeaderOf(10_000, 10)],
    ['a file larger than 2 MB', Buffer.concat([pngOf(4, 4), Buffer.alloc(maxImageBytes)])],
    ['nothing', Buffer.alloc(0)],
  ])('%s is refused', (_what, bytes) => {
    expect(checkedImage(bytes)).toBeNull();
  });
});
