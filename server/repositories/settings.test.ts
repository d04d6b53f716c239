import { expect, it } from 'vitest';
import { createRepositories } from '.';
import { DEFAULT_ALERT_SETTINGS } from '../rules/alert-settings';
import { describeEachDatabase } from '../testing/databases';

describeEachDatabase('settings repository', (database) => {
  it("reads this database's deal-number prefix: six digits, the same for every reader", async () => {
    const prefix = await database().repos.settings.dealNumberPrefix();
    expect(prefix).toBeGreaterThanOrEqual(100_000);
    expect(prefix).toBeLessThan(900_000);
    expect(await createRepositories(database().handle).settings.dealNumberPrefix()).toBe(prefix);
  });

  it('keeps the alert settings: defaults until saved, a seed only where none were saved', async () => {
    const { settings } = database().repos;
    expect(await settings.alertSettings()).toEqual(DEFAULT_ALERT_SETTINGS);
    expect(await settings.seedAlertSettings({ ...DEFAULT_ALERT_SETTINGS, emails: ['seed@school.example'] })).toBe(true);
    expect((await settings.alertSettings()).emails).toEqual(['seed@school.example']);
    expect(await settings.seedAlertSettings({ ...DEFAULT_ALERT_SETTINGS, emails: ['other@school.example'] })).toBe(false);
    await settings.saveAlertSettings({ ...DEFAULT_ALERT_SETTINGS, telegramChats: ['42'], withoutPersonalData: true });
    expect(await settings.alertSettings()).toEqual({ ...DEFAULT_ALERT_SETTINGS, telegramChats: ['42'], withoutPersonalData: true });
  });
});
