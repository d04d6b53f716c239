/**
 * The layers are held by `npm run lint`: an import against them fails with a message saying where the
 * code belongs. Each fixture is linted as if it were a file at the given place of the tree; that the tree
 * itself passes is the lint stage's own proof.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function problems(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return result!.messages.filter((message) => message.severity === 2).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('the layers, as npm run lint holds them', () => {
  it('refuses server code in a client component', async () => {
    const found = await problems(
      'features/gift/fixture-client.tsx',
      `'use client';\nimport { handleHealth } from '@/server/http/health';\nexport const probe = handleHealth;\n`,
    );
    expect(found).toEqual([
      expect.stringMatching(/^layers\/no-server-import: A client component \('use client'\) may not import server code \(@\/server\/http\/health\)/),
    ]);
    // The same import in a server component of a feature is allowed (the console's pages and actions do it).
    expect(
      await problems('features/gift/fixture-server.tsx', `import { handleHealth } from '@/server/http/health';\nexport const probe = handleHealth;\n`),
    ).toEqual([]);
  });

  it("refuses the courses' data in a client component: the server looks prices up and hands over the figures", async () => {
    for (const source of ['@/content/gift-offer-prices', '@/content/courses']) {
      const found = await problems('features/gift/fixture-client.tsx', `'use client';\nimport * as data from '${source}';\nexport const probe = data;\n`);
      expect(found, source).toEqual([expect.stringMatching(/^layers\/no-server-import: A client component \('use client'\) may not import the courses' data/)]);
    }
    // The offers as written (no course) may be imported; a type of the courses too; a server component may import them all.
    expect(
      await problems(
        'features/gift/fixture-client.tsx',
        `'use client';\nimport { giftOfferInputs } from '@/content/gift-offers';\nimport type { Course } from '@/content/courses';\nexport const probe: [unknown, Course | null] = [giftOfferInputs, null];\n`,
      ),
    ).toEqual([]);
    expect(
      await problems('features/gift/fixture-server.tsx', `import { giftOffers } from '@/content/gift-offer-prices';\nexport const probe = giftOffers;\n`),
    ).toEqual([]);
  });

  it('refuses one feature importing another', async () => {
    const found = await problems(
      'features/gift/fixture.ts',
      `import { LeadFormPopup } from '@/features/popups/lead-form-popup';\nexport const probe = LeadFormPopup;\n`,
    );
    expect(found).toEqual([expect.stringContaining('features/gift may not import another feature: move what both need into components/ or lib/')]);
  });

  it('refuses a console action that checks the session itself instead of being an operatorAction', async () => {
    const action = `'use server';\nimport { requireOperator } from '@/server/admin/session';\nexport async function probe() {\n  await requireOperator();\n}\n`;
    expect(await problems('features/console-leads/fixture-actions.ts', action)).toEqual([expect.stringContaining('A console action is an operatorAction')]);
    // A console page's loader checks the session as every page does.
    expect(await problems('features/console-leads/fixture-load.ts', action.replace("'use server';\n", ''))).toEqual([]);
    // One console feature does not reach into another: what they share lives in components/console.
    expect(
      await problems(
        'features/console-gifts/fixture.ts',
        `import { LeadsTable } from '@/features/console-leads/leads-table';\nexport const probe = LeadsTable;\n`,
      ),
    ).toEqual([expect.stringContaining('features/console-gifts may not import another feature')]);
  });

  it("refuses zod's `z` where a visitor's browser may load it: the builders come by name", async () => {
    const source = `import { z } from '@/lib/validation/zod';\nexport const probe = z.string();\n`;
    for (const file of ['lib/validation/fixture.ts', 'components/lead-form/fixture.ts', 'features/gift/fixture.tsx']) {
      expect(await problems(file, source), file).toEqual([expect.stringContaining("Import zod's builders by name")]);
    }
    expect(await problems('lib/validation/fixture.ts', `import { string } from '@/lib/validation/zod';\nexport const probe = string();\n`)).toEqual([]);
    // The console keeps `z`: operators load it, visitors never do.
    expect(await problems('features/console-leads/fixture.ts', source)).toEqual([]);
  });

  it('refuses a feature (or server code) imported by content', async () => {
    expect(
      await problems('content/fixture.ts', `import { GiftPromotionPage } from '@/features/gift/promotion-page';\nexport const probe = GiftPromotionPage;\n`),
    ).toEqual([expect.stringContaining('content/ is data: it imports only lib/ and other content')]);
    expect(await problems('content/fixture.ts', `import { LAST_GIFT } from '@/server/rules/gift-windows';\nexport const probe = LAST_GIFT;\n`)).toEqual([
      expect.stringContaining('content/ is data'),
    ]);
  });

  it("refuses the browser's globals in lib/, which both sides run", async () => {
    for (const source of [
      `export const probe = () => window.location.href;\n`,
      `export const probe = () => document.cookie;\n`,
      `export const probe = () => sessionStorage.getItem('utm');\n`,
      `export const probe = () => fetch('/api/leads');\n`,
      `export const probe = () => globalThis.fetch('/api/leads');\n`,
      `export const probe = () => typeof navigator === 'undefined';\n`,
    ])
      expect(await problems('lib/fixture.ts', source), source).toEqual([expect.stringContaining('lib/ is pure')]);
    // A parameter that happens to bear the name is not the browser's; a test may stub the browser.
    expect(await problems('lib/fixture.ts', `export const probe = (window: { start: number }) => window.start;\n`)).toEqual([]);
    expect(await problems('lib/fixture.test.ts', `export const probe = () => fetch('/api/leads');\n`)).toEqual([]);
    // The lead form's network flow, where it lives, may fetch.
    expect(await problems('components/lead-form/fixture.ts', `export const probe = () => fetch('/api/leads');\n`)).toEqual([]);
  });

  it('refuses lib/ reaching up', async () => {
    expect(await problems('lib/fixture.ts', `import { contacts } from '@/content/site';\nexport const probe = contacts;\n`)).toEqual([
      expect.stringContaining('lib/ is the bottom layer'),
    ]);
  });
});
