import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SITE_ICON_DATA_URI, SITE_ICON_FILES, SITE_ICON_SVG } from './site-icon';

describe('the site icon', () => {
  it('is inline on pages and the same picture in the files crawlers fetch', () => {
    expect(decodeURIComponent(SITE_ICON_DATA_URI.replace(/^data:image\/svg\+xml,/, ''))).toBe(SITE_ICON_SVG.replace(/"/g, "'"));
    // public/icon.svg is written from the constant by scripts/generate-images.ts: run it after changing the icon.
    expect(fs.readFileSync(path.join('public', SITE_ICON_FILES.svg), 'utf8').trim()).toBe(SITE_ICON_SVG);
    expect(fs.existsSync(path.join('public', SITE_ICON_FILES.appleTouch))).toBe(true);
  });
});
