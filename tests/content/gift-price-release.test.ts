/**
 * One price, for the gift promotion: on a copy of the project, a course price changed in its content file
 * and nothing else is the struck-out price of the gift offers that refer to it (`{цена middle-js 2}` in
 * content/gift-offers.ts), on the promotion page and in what `GET /api/gift-schedule` hands the gift
 * modal, with the discount computed from it. Release 1 (a process of the copy on a fresh database, a
 * window of gift 6 stored through the repository) answers the old price; the course file is edited; the
 * content check passes without naming the gift offers; release 2 (a new process on the same database)
 * answers the new price, content/gift-offers.ts untouched.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { discountPercent } from '@/lib/money';
import { copyProject, type ProjectCopy } from '../support/project-copy';

let copy: ProjectCopy;

beforeAll(() => {
  copy = copyProject('gift-price-release');
  fs.writeFileSync(
    path.join(copy.folder, 'release-probe.ts'),
    `import { giftOffers } from './content/gift-offer-prices';
import { handleGiftSchedule } from './server/http/handlers';
import { getApiRuntime } from './server/runtime';

async function main() {
  const runtime = await getApiRuntime();
  const window = { giftNumber: 6, startTimestamp: Date.UTC(2030, 0, 10), endTimestamp: Date.UTC(2030, 0, 11) };
  const stored = await runtime.repos.giftSchedule.list();
  if (!stored.some((each) => each.giftNumber === 6 && each.startTimestamp === window.startTimestamp)) {
    const added = await runtime.repos.giftSchedule.add(window, Date.now());
    if ('problem' in added) throw new Error(JSON.stringify(added.problem));
  }
  const response = await handleGiftSchedule(new Request('http://school.test/api/gift-schedule'), () => Promise.resolve(runtime));
  const served = ((await response.json()) as { giftNumber: number; startTimestamp: number }[]).find((each) => each.giftNumber === 6 && each.startTimestamp === window.startTimestamp);
  const page = giftOffers().filter((offer) => offer.number === 6 || offer.number === 7).map(({ number, price, oldPrice, discount }) => ({ number, price, oldPrice, discount }));
  console.log(JSON.stringify({ served, page }));
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
    served: { oldPrice: number; discount: number };
    page: { number: number; price: number; oldPrice: number; discount: number }[];
  }>(['release-probe.ts'], releaseOptions);
}

it("a course price changed in its file is the gift offers' struck-out price after the release, with no other edit", () => {
  const offers = fs.readFileSync(path.join(copy.folder, 'content/gift-offers.ts'), 'utf8');
  expect(offers.match(/oldPrice: '\{цена middle-js 2\}'/g)).toHaveLength(2);

  const before = release();
  expect(before.served).toMatchObject({ oldPrice: 10_792, discount: discountPercent(10_792, 7122) });
  expect(before.page).toEqual([6, 7].map((number) => ({ number, price: 7122, oldPrice: 10_792, discount: discountPercent(10_792, 7122) })));

  expect(fs.readFileSync(path.join(copy.folder, 'content/courses/professions.ts'), 'utf8').match(/price: 10792,/g)).toHaveLength(1);
  copy.edit('content/courses/professions.ts', 'price: 10792,', 'price: 11990,');

  const check = inCopy(['scripts/check-content.ts']);
  expect(check.err).toBe('');
  expect(check.code).toBe(0);
  expect(check.out).not.toContain('gift-offers');

  const after = release();
  expect(after.served).toMatchObject({ oldPrice: 11_990, discount: discountPercent(11_990, 7122) });
  expect(after.page).toEqual([6, 7].map((number) => ({ number, price: 7122, oldPrice: 11_990, discount: discountPercent(11_990, 7122) })));
  // The offers' file was not touched.
  expect(fs.readFileSync(path.join(copy.folder, 'content/gift-offers.ts'), 'utf8')).toBe(offers);
}, 180_000);
