/**
 * One price: on a copy of the project, a course price changed in its content file and nothing else is
 * the gift pop-up's struck-out price after the release. Release 1 starts on a fresh database (the site's
 * start: migrations, the file's pop-ups seeded) and answers the old price; the course file is edited; the
 * content check passes without asking for a second edit; release 2 (a new process of the edited copy on
 * the same database) answers the new price, the stored pop-up untouched (still version 1, a reference).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
let copy: string;

beforeAll(() => {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'school-site-price-release-'));
  for (const entry of ['content', 'lib', 'server', 'features', 'components', 'scripts', 'tsconfig.json', 'package.json']) {
    fs.cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  // What a visitor's browser gets from GET /api/popups, served by the copy as it is now, on its database.
  fs.writeFileSync(
    path.join(copy, 'release-probe.ts'),
    `import { handlePopups } from './server/http/popups';
import { getApiRuntime } from './server/runtime';

async function main() {
  const runtime = await getApiRuntime();
  const response = await handlePopups(new Request('http://school.test/api/popups'), () => Promise.resolve(runtime));
  const { popups } = (await response.json()) as { popups: { id: string; content: { kind: string; offer?: unknown } }[] };
  const gift = popups.find((popup) => popup.content.kind === 'gift')!;
  const stored = (await runtime.repos.popups.get(gift.id))!;
  console.log(JSON.stringify({ shown: gift.content.offer, storedVersion: stored.version, stored: stored.config.content }));
  process.exit(0);
}
void main();
`,
  );
});

afterAll(() => {
  if (!process.env.KEEP_COPY) fs.rmSync(copy, { recursive: true, force: true });
});

function inCopy(args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--conditions=react-server', ...args], {
    cwd: copy,
    encoding: 'utf8',
    env: { ...process.env, SQLITE_PATH: path.join(copy, 'site.db'), DATABASE_URL: '', NODE_ENV: 'production', OUTBOX_WORKER: 'off' },
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

function release() {
  const probe = inCopy(['release-probe.ts']);
  expect(probe.code, probe.err).toBe(0);
  return JSON.parse(probe.out.trim().split('\n').at(-1)!) as { shown: { price: number; oldPrice: number }; storedVersion: number; stored: { offer: { oldPrice: unknown } } };
}

it("a course price changed in its file is the gift pop-up's struck-out price after the release, with no other edit", () => {
  const before = release();
  expect(before.shown).toMatchObject({ price: 0, oldPrice: 13_790 });
  expect(before.stored.offer.oldPrice).toBe('{цена advanced-js}');

  const skills = path.join(copy, 'content/courses/skills.ts');
  const text = fs.readFileSync(skills, 'utf8');
  expect(text.match(/price: 13790,/g)).toHaveLength(1);
  fs.writeFileSync(skills, text.replace('price: 13790,', 'price: 14990,'));

  const check = inCopy(['scripts/check-content.ts']);
  expect(check.err).toBe('');
  expect(check.code).toBe(0);

  const after = release();
  expect(after.shown).toMatchObject({ price: 0, oldPrice: 14_990 });
  // Nothing was written to the pop-up: the console's version stands, and it still refers to the course.
  expect(after.storedVersion).toBe(before.storedVersion);
  expect(after.stored).toEqual(before.stored);
}, 180_000);
