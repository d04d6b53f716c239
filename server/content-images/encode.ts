import sharp from 'sharp';

/** Larger uploads are refused before they are decoded. */
export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
/** A cover is shown at most this wide (two device pixels of the article's 720 px column, a bit more). */
const MAX_WIDTH = 1600;
/** A decompression bomb stops here: 40 million pixels (a 8000 × 5000 photo). */
const MAX_INPUT_PIXELS = 40_000_000;
const readable = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff']);

export interface EncodedImage {
  contentType: 'image/webp';
  bytes: Uint8Array;
  width: number;
  height: number;
}

/** Why an upload is no cover: too big to take, or nothing sharp decodes as a picture. */
export type ImageRefusal = 'too_large' | 'unreadable';

/**
 * An uploaded picture as the site stores and serves it: decoded by sharp (only the formats above; a file
 * that is no picture, or lies about its size, is refused), turned by its EXIF orientation, stripped of its
 * metadata (a phone photo's place), at most 1 600 px wide, as WebP. What is stored is never the upload.
 */
export async function encodeCover(upload: Uint8Array): Promise<EncodedImage | { refused: ImageRefusal }> {
  if (upload.byteLength > MAX_UPLOAD_BYTES) return { refused: 'too_large' };
  try {
    const image = sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
    const { format } = await image.metadata();
    if (!format || !readable.has(format)) return { refused: 'unreadable' };
    const { data, info } = await image
      .rotate()
      .resize({ width: MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { contentType: 'image/webp', bytes: new Uint8Array(data), width: info.width, height: info.height };
  } catch {
    return { refused: 'unreadable' };
  }
}
