import { beforeEach, expect, it } from 'vitest';
import { emailBucket } from '@/server/leads/client-address';
import { describeEachDatabase } from '@/server/testing/databases';
import { sampleLead } from '@/server/testing/fixtures';
import { deliverySent } from '@/server/testing/seed';
import { PRIVACY_USAGE, runPrivacyCommand } from './privacy-command';

const hashKey = 'cli-test-key-'.repeat(3);

describeEachDatabase('the privacy command', (database) => {
  beforeEach(() => database().clear());

  /** The command against the suite's database, noting whether it opened it. */
  function run(args: string[]) {
    const opened: string[] = [];
    const result = runPrivacyCommand(args, async () => {
      opened.push('open');
      return { repos: database().repos, hashKey, close: async () => void opened.push('close') };
    });
    return { result, opened };
  }

  it('erase prints the counts and the GetCourse steps, and nothing else of the visitor', async () => {
    const { repos, handle } = database();
    const lead = sampleLead({ email: 'Visitor@Example.com', name: 'Вера Иванова', phone: '+79165550011' });
    const { outboxId } = await repos.leads.accept(lead, { kind: 'deal', payload: {} });
    await deliverySent(database(), outboxId!);
    await repos.rateLimit.hit(emailBucket(lead.email, hashKey), 0);
    const other = await repos.leads.accept(sampleLead(), null);

    const { result, opened } = run(['erase', 'visitor@example.com']);
    const { exitCode, stdout, stderr } = await result;
    expect({ exitCode, stderr, opened }).toEqual({ exitCode: 0, stderr: '', opened: ['open', 'close'] });
    expect(stdout).toContain('leads: 1\n');
    expect(stdout).toContain('GetCourse deliveries: 1 (already sent to GetCourse: 1)');
    expect(stdout).toContain('rate-limit counter rows: 1\n');
    expect(stdout).toMatch(/Пользователи → Пользователи: search for visitor@example\.com/);
    expect(stdout).toMatch(/Delete the user/);
    for (const value of [lead.name, lead.phone, lead.utm.source!, lead.pagePath]) expect(stdout).not.toContain(value);

    expect(await handle.db.selectFrom('leads').select('id').execute()).toEqual([{ id: other.leadId }]);
    expect(await handle.db.selectFrom('outbox').select('id').execute()).toEqual([]);
  });

  it('refuses a missing or invalid e-mail with exit code 2, never opening the database', async () => {
    const { repos, handle } = database();
    await repos.leads.accept(sampleLead({ email: 'visitor@example.com' }), null);
    for (const args of [['erase'], ['erase', 'not-an-email'], ['erase', 'a@example.com', 'b@example.com'], ['forget', 'a@example.com'], []]) {
      const { result, opened } = run(args);
      const { exitCode, stdout, stderr } = await result;
      expect({ args, exitCode, stdout, opened }).toEqual({ args, exitCode: 2, stdout: '', opened: [] });
      expect(stderr).toContain(PRIVACY_USAGE);
    }
    expect(await handle.db.selectFrom('leads').select('email').execute()).toEqual([{ email: 'visitor@example.com' }]);
  });
});
