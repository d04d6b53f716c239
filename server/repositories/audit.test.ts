import { beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases';

describeEachDatabase('audit repository', (database) => {
  beforeEach(() => database().clear());

  it('records entries with their details and lists them newest first, page by page', async () => {
    const { audit } = database().repos;
    await audit.record({ actor: 'anna@school.ru', action: 'sign_in' }, 1000);
    await audit.record({ actor: 'anna@school.ru', action: 'export', details: { filter: { form: 'contact' } } }, 2000);
    await audit.record({ actor: null, action: 'resend_all', subject: 'все', details: { count: 3 } }, 3000);
    const all = await audit.list();
    expect(all.map(({ at, actor, action, subject, details }) => ({ at, actor, action, subject, details }))).toEqual([
      { at: 3000, actor: null, action: 'resend_all', subject: 'все', details: { count: 3 } },
      { at: 2000, actor: 'anna@school.ru', action: 'export', subject: null, details: { filter: { form: 'contact' } } },
      { at: 1000, actor: 'anna@school.ru', action: 'sign_in', subject: null, details: null },
    ]);
    const older = await audit.list({ before: all[0]!.id, limit: 1 });
    expect(older.map((entry) => entry.action)).toEqual(['export']);
  });
});
