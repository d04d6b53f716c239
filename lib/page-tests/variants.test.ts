import { describe, expect, it } from 'vitest';
import { changesOf, checkPageVariants, noChanges, pageTestBlockId, readPageTestBlockId } from './variants';

describe('page test variants', () => {
  const tariffs = ['Базовый', 'С наставником'];

  it("takes blank fields as the page's own and trims the rest", () => {
    expect(changesOf({ headline: '  Новый заголовок ', subheadline: '   ', buttonLabel: '', leadTariff: 'С наставником' })).toEqual({
      headline: 'Новый заголовок',
      subheadline: null,
      buttonLabel: null,
      leadTariff: 'С наставником',
    });
  });

  it('checks like the pop-up editor: something changed, no text too long, a tariff the page has, at least B', () => {
    expect(checkPageVariants([{ ...noChanges, headline: 'B' }], tariffs)).toEqual([]);
    expect(checkPageVariants([], tariffs)).toEqual([{ variant: null, field: null, code: 'no_variants' }]);
    expect(checkPageVariants([noChanges], tariffs)).toEqual([{ variant: 1, field: null, code: 'no_change' }]);
    expect(
      checkPageVariants(
        [
          { ...noChanges, buttonLabel: 'x'.repeat(501) },
          { ...noChanges, leadTariff: 'Премиум' },
        ],
        tariffs,
      ),
    ).toEqual([
      { variant: 1, field: 'buttonLabel', code: 'too_long', max: 500 },
      { variant: 2, field: 'leadTariff', code: 'unknown_tariff' },
    ]);
  });

  it("names the test and the variant in the lead form's block id, and reads nothing else as one", () => {
    const id = '0f8b6c1e-3a5d-4e2b-9c7a-1d2e3f4a5b6c';
    expect(pageTestBlockId(id, 1)).toBe(`page-test:${id}:B`);
    expect(readPageTestBlockId(`page-test:${id}:B`)).toEqual({ testId: id, variant: 1 });
    for (const other of ['lead-form', `popup:${id}:B`, `page-test:${id}:E`, `page-test::A`, null]) expect(readPageTestBlockId(other)).toBeNull();
  });
});
