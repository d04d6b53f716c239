import { expect, it } from 'vitest';
import { createRepositories } from '.';
import { describeEachDatabase } from '../testing/databases';

describeEachDatabase('settings repository', (database) => {
  it("reads this database's deal-number prefix: six digits, the same for every reader", async () => {
    const prefix = await database().repos.settings.dealNumberPrefix();
    expect(prefix).toBeGreaterThanOrEqual(100_000);
    expect(prefix).toBeLessThan(900_000);
    expect(await createRepositories(database().handle).settings.dealNumberPrefix()).toBe(prefix);
  });
});
