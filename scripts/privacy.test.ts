import { execFile } from 'node:child_process';
import path from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '@/server/testing/databases';
import { sampleLead } from '@/server/testing/fixtures';

const root = path.resolve(__dirname, '..');

/**
 * `npm run privacy -- …` as an operator runs it, against the suite's database: the wiring of the command
 * to the server's configuration and its exit code (what it does is tested in process, in
 * server/privacy/privacy-command.test.ts).
 */
function privacyCli(args: string[], { config }: TestDatabase): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, ADDRESS_HASH_KEY: 'cli-test-key-'.repeat(3) };
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

  it('erases a visitor in the database the server is configured with, and exits 0', async () => {
    const { repos, handle } = database();
    await repos.leads.accept(sampleLead({ email: 'visitor@example.com' }), null);
    const { code, stdout, stderr } = await privacyCli(['erase', 'Visitor@Example.com'], database());
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toContain('leads: 1\n');
    expect(await handle.db.selectFrom('leads').select('id').execute()).toEqual([]);
  });
});
