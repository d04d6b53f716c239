import type { AdminRuntime } from '../admin/runtime';
import { operatorOf } from '../admin/session';
import { encodeCover, MAX_UPLOAD_BYTES } from '../content-images/encode';
import type { ServerRuntime } from '../runtime';
import { endpoint } from './endpoint';
import { bytesOk, jsonCreated, refuse } from './responses';

/** A stored image never changes (a new upload is a new id): a year, and no asking again. */
export const contentImageCacheControl = 'public, max-age=31536000, immutable';

/**
 * `GET /api/content-images/{id}` (public): a cover uploaded in the console, as stored (re-encoded WebP),
 * cached for good by browsers and nginx. 404 for an id there is none of.
 */
export const handleContentImage = endpoint<ServerRuntime>({
  name: 'content-image',
  methods: ['GET'],
  async handle({ request, runtime }) {
    const id = /\/api\/content-images\/(\d{1,12})$/.exec(new URL(request.url).pathname)?.[1];
    const image = id ? await runtime.repos.contentImages.get(Number(id)) : undefined;
    if (!image) return refuse(404, 'not_found');
    return bytesOk(image.bytes, image.contentType, { 'cache-control': contentImageCacheControl });
  },
});

/**
 * `POST /api/admin/content-images` (operators; the body is the picture, `Content-Type: image/…`): the cover
 * re-encoded (server/content-images/encode.ts) and stored; answers 201 `{ id, src, width, height }`. Refused:
 * 401 without a session, 415 for another type, 413 above 8 MB, 422 `image_unreadable` for what is no picture.
 * The upload changes nothing on the site: the article or event that names it is what is saved and journalled.
 */
export const handleContentImageUpload = endpoint<AdminRuntime>({
  name: 'content-image-upload',
  methods: ['POST'],
  async handle({ request, runtime: admin, now }) {
    const operator = await operatorOf(request.headers, admin);
    if (!operator) return refuse(401, 'sign_in_required', { headers: { 'cache-control': 'private, no-store' } });
    if (!/^image\//i.test(request.headers.get('content-type') ?? '')) return refuse(415, 'not_an_image');
    const declared = Number(request.headers.get('content-length') ?? 0);
    if (declared > MAX_UPLOAD_BYTES) return refuse(413, 'image_too_large');
    const upload = await readCapped(request, MAX_UPLOAD_BYTES);
    if (!upload) return refuse(413, 'image_too_large');
    const encoded = await encodeCover(upload);
    if ('refused' in encoded)
      return refuse(encoded.refused === 'too_large' ? 413 : 422, encoded.refused === 'too_large' ? 'image_too_large' : 'image_unreadable');
    const id = await admin.repos.contentImages.add(encoded, { operator: operator.email, now });
    return jsonCreated({ id, src: `/api/content-images/${id}`, width: encoded.width, height: encoded.height }, { 'cache-control': 'private, no-store' });
  },
});

/** The body, or null once it passes `max` bytes (a chunked upload declares no length). */
async function readCapped(request: Request, max: number): Promise<Uint8Array | null> {
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > max) return null;
    chunks.push(chunk);
  }
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return whole;
}
