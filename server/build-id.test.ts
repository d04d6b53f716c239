import { describe, expect, it } from 'vitest';
import { buildIdFor } from './build-id';

const commit = 'b36cf9a0c1d2e3f4a5b6c7d8e9f0011223344556';

describe('buildIdFor', () => {
  it('is the commit of the checkout, the same for every build of it', () => {
    expect(buildIdFor({}, () => commit)).toBe(commit);
    expect(buildIdFor({}, () => commit)).toBe(buildIdFor({ SITE_URL: 'https://example.ru' }, () => commit));
  });

  it('prefers BUILD_ID, and refuses one Next.js could not put in a path', () => {
    expect(buildIdFor({ BUILD_ID: ' release-2026.11.23 ' }, () => commit)).toBe('release-2026.11.23');
    expect(() => buildIdFor({ BUILD_ID: '../x' }, () => commit)).toThrow(/BUILD_ID: letters, digits/);
  });

  it('leaves the id to Next.js without a commit (no git, not a checkout)', () => {
    expect(buildIdFor({}, () => null)).toBeNull();
    expect(buildIdFor({ BUILD_ID: '  ' }, () => null)).toBeNull();
  });
});
