import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeCover, MAX_UPLOAD_BYTES } from './encode';

describe('encodeCover', () => {
  it('re-encodes a picture as WebP, at most 1 600 px wide, keeping its proportions', async () => {
    const png = await sharp({ create: { width: 3200, height: 1800, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const encoded = await encodeCover(new Uint8Array(png));
    expect(encoded).toMatchObject({ contentType: 'image/webp', width: 1600, height: 900 });
    if (!('bytes' in encoded)) throw new Error('refused');
    expect((await sharp(encoded.bytes).metadata()).format).toBe('webp');
  });

  it('keeps a small picture at its size', async () => {
    const jpeg = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#ffffff' } })
      .jpeg()
      .toBuffer();
    expect(await encodeCover(new Uint8Array(jpeg))).toMatchObject({ width: 640, height: 400 });
  });

  it('refuses what is no picture, and an upload above the limit before reading it', async () => {
    expect(await encodeCover(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({ refused: 'unreadable' });
    expect(await encodeCover(new TextEncoder().encode('GIF89a but not really'))).toEqual({ refused: 'unreadable' });
    expect(await encodeCover(new Uint8Array(MAX_UPLOAD_BYTES + 1))).toEqual({ refused: 'too_large' });
  });
});
