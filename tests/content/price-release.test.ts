/**
 * One price: on a copy of the project, a course price changed in its content file and nothing else is
 * the gift pop-up's struck-out price after the release. Release 1 starts on a fresh database (the site's
 * start: migrations, the file's pop-ups seeded) and answers the old price; the course file is edited; the
 * content check passes without asking for a second edit; release 2 (a new process of the edited copy on
 * the same database) answers the new price, the stored pop-up untouched (still version 1, a reference).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { copyProject, type ProjectCopy } from '../support/project-copy';

let copy: ProjectCopy;

beforeAll(() => {
  copy = copyProject('price-release');
  // What a visitor's browser gets from GET /api/popups, served by the copy as it is now, on its database.
  fs.writeFileSync(
    path.join(copy.folder, 'release-probe.ts'),
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

afterAll(() => copy.remove());

const releaseOptions = { reactServer: true, env: { NODE_ENV: 'production' } };
const inCopy = (args: string[]) => copy.run(args, releaseOptions);

function release() {
  return copy.probe<{
    shown: { price: number; oldPrice: number };
    storedVersion: number;
    stored: { offer: { oldPrice: unknown } };
  }>(['release-probe.ts'], releaseOptions);
}

it("a course price changed in its file is the gift pop-up's struck-out price after the release, with no other edit", () => {
  const before = release();
  expect(before.shown).toMatchObject({ price: 0, oldPrice: 13_790 });
  expect(before.stored.offer.oldPrice).toBe('{цена advanced-js}');

  expect(fs.readFileSync(path.join(copy.folder, 'content/courses/skills.ts'), 'utf8').match(/price: 13790,/g)).toHaveLength(1);
  copy.edit('content/courses/skills.ts', 'price: 13790,', 'price: 14990,');

  const check = inCopy(['scripts/check-content.ts']);
  expect(check.err).toBe('');
  expect(check.code).toBe(0);

  const after = release();
  expect(after.shown).toMatchObject({ price: 0, oldPrice: 14_990 });
  // Nothing was written to the pop-up: the console's version stands, and it still refers to the course.
  expect(after.storedVersion).toBe(before.storedVersion);
  expect(after.stored).toEqual(before.stored);
}, 180_000);
