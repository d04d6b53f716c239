import { beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases';
import { testAdminRuntime } from '../testing/admin';
import { runOperatorCommand } from './operator-command';

describeEachDatabase('npm run operator', (database) => {
  beforeEach(() => database().clear());

  async function run(args: string[], stdin = '') {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOperatorCommand(args, testAdminRuntime(database()), { out: (l) => out.push(l), err: (l) => err.push(l) }, async () => stdin);
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('adds an operator with a generated password printed once, lists and removes them', async () => {
    const added = await run(['add', 'Anna@School.ru']);
    expect(added.code).toBe(0);
    expect(added.out).toMatch(/^Added anna@school\.ru\.\nPassword \(shown once, pass it on privately\): [\w-]{24}$/);
    expect((await run(['list'])).out).toMatch(/^anna@school\.ru\tsince \d{4}-\d{2}-\d{2}$/);
    expect(await run(['remove', 'anna@school.ru'])).toMatchObject({ code: 0 });
    expect((await run(['list'])).out).toMatch(/^No operators yet/);
  });

  it('reads the password from stdin and never prints it', async () => {
    const added = await run(['add', 'boris@school.ru', '--password-stdin'], 'a long enough secret\n');
    expect(added).toEqual({ code: 0, out: 'Added boris@school.ru.', err: '' });
    expect(await run(['add', 'vera@school.ru', '--password-stdin'], 'short\n')).toMatchObject({ code: 1 });
  });

  it('explains wrong arguments', async () => {
    expect(await run([])).toMatchObject({ code: 2 });
    expect(await run(['add', 'not-an-email'])).toMatchObject({ code: 2 });
    expect(await run(['remove', 'nobody@school.ru'])).toMatchObject({ code: 1, err: 'No operator nobody@school.ru.' });
  });
});
