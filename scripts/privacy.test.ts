import { execFile } from 'node:child_process';
import path from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { emailBucket } from '@/server/leads/client-address';
import { describeEachDatabase, type TestDatabase } from '@/server/testing/databases';
import { sampleLead } from '@/server/testing/fixtures';
import { deliverySent } from '@/server/testing/seed';

const root = path.resolve(__dirname, '..');
const hashKey = 'cli-test-key-'.repeat(3);

/** `npm run privacy -- …` as an operator runs it, against the suite's database. */
function privacyCli(args: string[], { config }: TestDatabase): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, ADDRESS_HASH_KEY: hashKey };
  delete env.DATABASE_URL;
  delete env.SQLITE_PATH;
  if (config.dialect === 'postgres') env.DATABASE_URL = config.url;
  else env.SQLITE_PATH = config.file;
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'scripts/privacy.ts', ...args], { cwd: root, env }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}

describeEachDatabase('npm run privacy', (database) => {
  beforeEach(() => database().clear());

  it('erase prints the counts and the GetCourse steps, and nothing else of the visitor', async () => {
    const { repos, handle } = database();
    const lead = sampleLead({ email: 'Visitor@Example.com', name: 'Вера Иванова', phone: '+79165550011' });
    const { outboxId } = await repos.leads.accept(lead, { kind: 'deal', payload: {} });
    await deliverySent(database(), outboxId!);
    await repos.rateLimit.hit(emailBucket(lead.email, hashKey), 0);
    const other = await repos.leads.accept(sampleLead(), null);

    const { code, stdout, stderr } = await privacyCli(['erase', 'visitor@example.com'], database());
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toContain('leads: 1\n');
    expect(stdout).toContain('GetCourse deliveries: 1 (already sent to GetCourse: 1)');
    expect(stdout).toContain('rate-limit counter rows: 1\n');
    expect(stdout).toMatch(/Пользователи → Пользователи: search for visitor@example\.com/);
    expect(stdout).toMatch(/Delete the user/);
    for (const value of [lead.name, lead.phone, lead.utm.source!, lead.pagePath]) expect(stdout).not.toContain(value);

    expect(await handle.db.selectFrom('leads').select('id').execute()).toEqual([{ id: other.leadId }]);
    expect(await handle.db.selectFrom('outbox').select('id').execute()).toEqual([]);
  });

  it('refuses a missing or invalid e-mail with exit code 2 and touches nothing', async () => {
    const { repos, handle } = database();
    await repos.leads.accept(sampleLead({ email: 'visitor@example.com' }), null);
    for (const args of [['erase'], ['erase', 'not-an-email'], ['erase', 'a@example.com', 'b@example.com'], ['forget', 'a@example.com'], []]) {
      const { code, stdout, stderr } = await privacyCli(args, database());
      expect({ args, code, stdout }).toEqual({ args, code: 2, stdout: '' });
      expect(stderr).toContain('Usage: npm run privacy -- erase <email>');
    }
    expect(await handle.db.selectFrom('leads').select('email').execute()).toEqual([{ email: 'visitor@example.com' }]);
  });
});
