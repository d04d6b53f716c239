/**
 * Precompression of the build's static files: next to each compressible file of
 * `.next/static`, a `.br` (Brotli, quality 11) and a `.gz` (gzip, level 9) that nginx's `brotli_static`
 * and `gzip_static` send as they are (deploy/nginx-site.conf), so no request pays for compressing a chunk
 * and the strongest settings cost nothing per request. Run by scripts/precompress.ts in `npm run build`.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** What compresses: text. Images and fonts (woff2 is Brotli already) are left alone. */
const COMPRESSIBLE = /\.(js|mjs|css|map|json|svg|txt|html|xml)$/i;
/** Smaller files fit in one packet either way; nginx's gzip_min_length is the same. */
export const MIN_BYTES = 256;

export interface PrecompressResult {
  files: number;
  written: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

export function compressedVariants(content: Buffer): { br: Buffer; gz: Buffer } {
  return {
    br: zlib.brotliCompressSync(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gz: zlib.gzipSync(content, { level: 9 }),
  };
}

/**
 * Writes `file.br` and `file.gz` beside every compressible file of `folder` (recursively) that has none
 * newer than itself, when the variant is smaller than the file. Safe to run again over the same build.
 */
export function precompressFolder(folder: string): PrecompressResult {
  const result: PrecompressResult = { files: 0, written: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  if (!fs.existsSync(folder)) return result;
  for (const name of fs.readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(folder, name);
    if (!COMPRESSIBLE.test(name)) continue;
    const stat = fs.statSync(file);
    if (!stat.isFile() || stat.size < MIN_BYTES) continue;
    result.files += 1;
    result.bytes += stat.size;
    const fresh = (variant: string) => fs.existsSync(variant) && fs.statSync(variant).mtimeMs >= stat.mtimeMs;
    if (fresh(`${file}.br`) && fresh(`${file}.gz`)) {
      result.brotliBytes += fs.statSync(`${file}.br`).size;
      result.gzipBytes += fs.statSync(`${file}.gz`).size;
      continue;
    }
    const content = fs.readFileSync(file);
    const { br, gz } = compressedVariants(content);
    for (const [suffix, data] of [
      ['.br', br],
      ['.gz', gz],
    ] as const) {
      if (data.length < content.length) {
        fs.writeFileSync(`${file}${suffix}`, data);
        result.written += 1;
      }
    }
    result.brotliBytes += Math.min(br.length, content.length);
    result.gzipBytes += Math.min(gz.length, content.length);
  }
  return result;
}
