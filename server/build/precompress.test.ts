import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressFolder } from './precompress';

describe('precompressFolder', () => {
  let dir: string;
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes .br and .gz beside compressible files that decompress to the original, and leaves the rest', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    fs.mkdirSync(path.join(dir, 'chunks'));
    const script = `console.log(${JSON.stringify('a chunk of the site '.repeat(200))});`;
    fs.writeFileSync(path.join(dir, 'chunks', 'app.js'), script);
    fs.writeFileSync(path.join(dir, 'style.css'), 'body{margin:0}'.repeat(100));
    fs.writeFileSync(path.join(dir, 'tiny.js'), 'x()');
    fs.writeFileSync(path.join(dir, 'font.woff2'), Buffer.alloc(4096, 1));

    const first = precompressFolder(dir);
    expect(first).toMatchObject({ files: 2, written: 4 });
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'chunks', 'app.js.br'))).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'chunks', 'app.js.gz'))).toString()).toBe(script);
    expect(first.brotliBytes).toBeLessThan(first.gzipBytes);
    expect(fs.existsSync(path.join(dir, 'tiny.js.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'font.woff2.br'))).toBe(false);

    // Again over the same build: nothing to do.
    expect(precompressFolder(dir)).toMatchObject({ files: 2, written: 0 });
  });
});
