import { describe, expect, it } from 'vitest';
import type { ContentVersion } from '@/server/repositories/content-versions';
import { latestVersion, versionStates } from './version-states';

const version = (id: number, status: ContentVersion['status'], publishAt: number | null, cancelledAt: number | null = null): ContentVersion => ({
  id,
  kind: 'article',
  slug: 'first-job',
  fields: {},
  status,
  publishAt,
  createdAt: id * 10,
  operator: 'anna@school.ru',
  cancelledAt,
  restoredFrom: null,
});

describe('versionStates', () => {
  it('has one version on the site: the newest published whose moment has come', () => {
    const versions = [version(1, 'published', 100), version(2, 'published', 300), version(3, 'draft', null), version(4, 'published', 200)];
    expect(Object.fromEntries(versionStates(versions, 250))).toEqual({ 1: 'replaced', 2: 'scheduled', 3: 'draft', 4: 'on_site' });
    expect(Object.fromEntries(versionStates(versions, 300))).toEqual({ 1: 'replaced', 2: 'on_site', 3: 'draft', 4: 'replaced' });
  });

  it('leaves a cancelled version out of the race, and two versions of one moment go by save order', () => {
    const versions = [version(1, 'published', 100), version(2, 'published', 100), version(3, 'published', 200, 150)];
    expect(Object.fromEntries(versionStates(versions, 500))).toEqual({ 1: 'replaced', 2: 'on_site', 3: 'cancelled' });
  });

  it('starts the form from the newest version not cancelled, or the newest when every one is', () => {
    expect(latestVersion([version(1, 'published', 100), version(2, 'draft', null), version(3, 'published', 900, 150)])?.id).toBe(2);
    expect(latestVersion([version(1, 'published', 900, 150), version(2, 'published', 950, 160)])?.id).toBe(2);
    expect(latestVersion([])).toBeUndefined();
  });
});
