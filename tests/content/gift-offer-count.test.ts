/**
 * The number of gift offers is a fact of content/gift-offers.ts alone: on a copy of the project with a
 * 14th offer added to that file and no other edit, the content check passes, and the schedule's rules,
 * the default schedule, the database, the console's form (its `max` is LAST_GIFT) and the promotion page follow.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { copyProject, type ProjectCopy } from '../support/project-copy';

let copy: ProjectCopy;

const fourteenthOffer = `  {
    number: 14,
    name: 'Курс «Первая ступень: JavaScript» ещё раз',
    description: 'Тот\\u00a0же курс в\\u00a0рассрочку: четырнадцатый подарок, добавленный одной правкой этого файла.',
    price: 4000,
    oldPrice: '{цена first-stage}',
    isMonthlyPayment: true,
    formConfig: managerCallForm(14, 'gift_fourteen'),
  },
];

/** The offer as written`;

beforeAll(() => {
  copy = copyProject('gift-count');
  copy.edit('content/gift-offers.ts', '];\n\n/** The offer as written', fourteenthOffer);
});

afterAll(() => copy.remove());

it('passes the content check with a 14th offer and nothing else edited', () => {
  const check = copy.run(['scripts/check-content.ts'], { reactServer: true });
  expect(check.err).toBe('');
  expect(check.code).toBe(0);
}, 120_000);

it('carries the new count to the schedule rules, the default schedule, the database and the page', () => {
  fs.writeFileSync(
    path.join(copy.folder, 'probe.ts'),
    `import { giftPromotion } from './content/gift-promotion';
import { openDatabase } from './server/db/connection';
import { migrateToLatest } from './server/db/migrate';
import { createRepositories } from './server/repositories';
import { defaultChristmasSchedule } from './server/rules/default-gift-schedule';
import { LAST_GIFT, windowProblem } from './server/rules/gift-windows';

async function main() {
  const handle = await openDatabase({ dialect: 'sqlite', file: ${JSON.stringify(path.join(copy.folder, 'probe.db'))} });
  await migrateToLatest(handle);
  const repos = createRepositories(handle);
  const stored = await repos.giftSchedule.add({ giftNumber: 14, startTimestamp: Date.UTC(2027, 0, 20), endTimestamp: Date.UTC(2027, 0, 21) }, Date.now());
  await handle.close();
  console.log(JSON.stringify({
    lastGift: LAST_GIFT,
    fourteen: windowProblem({ giftNumber: 14, startTimestamp: 1, endTimestamp: 2 }, []),
    fifteen: windowProblem({ giftNumber: 15, startTimestamp: 1, endTimestamp: 2 }, []),
    defaultWindows: defaultChristmasSchedule().length,
    stored: 'id' in stored,
    heading: giftPromotion.offersHeading,
  }));
}
void main();
`,
  );
  const facts = copy.probe(['probe.ts']);
  expect(facts).toMatchObject({
    lastGift: 14,
    fourteen: null,
    fifteen: { code: 'gift-number', first: 1, last: 14 },
    defaultWindows: 14,
    stored: true,
    heading: 'Все 14 подарков',
  });
}, 120_000);
