/**
 * Part of `npm run build`, after first-paint: Brotli and gzip copies of the build's static files, for
 * nginx's brotli_static and gzip_static (server/build/precompress.ts).
 */
import path from 'node:path';
import { precompressFolder } from '../server/build/precompress';

const dist = process.env.NEXT_DIST_DIR || '.next';
const started = Date.now();
const result = precompressFolder(path.join(dist, 'static'));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;
console.log(
  `precompress: ${result.files} static files (${kb(result.bytes)}) -> Brotli ${kb(result.brotliBytes)}, gzip ${kb(result.gzipBytes)}; ${result.written} files written in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
