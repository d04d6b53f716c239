import { describe, expect, it } from 'vitest';
import { filterQuery, parseLeadFilter } from './lead-filter';

describe('the leads filter from the query string', () => {
  it('reads Moscow days, both ends included, and the other filters', () => {
    expect(
      parseLeadFilter({
        from: '2026-11-01',
        to: '2026-11-02',
        form: 'contact',
        utm_source: 'vk',
        delivery: 'dead',
        spam: 'only',
        q: ' a@b.ru ',
        product: 'JS',
      }),
    ).toEqual({
      from: Date.UTC(2026, 9, 31, 21),
      to: Date.UTC(2026, 10, 2, 21),
      formId: 'contact',
      productName: 'JS',
      utmSource: 'vk',
      delivery: 'dead',
      spam: 'only',
      search: 'a@b.ru',
    });
  });

  it('reads the section «Похоже на спам» and keeps it for the next page and the export', () => {
    expect(parseLeadFilter({ spam: 'withheld' }).spam).toBe('withheld');
    expect(filterQuery({ spam: 'withheld' }, { after: '5.6' })).toBe('?spam=withheld&after=5.6');
  });

  it('ignores what it does not understand', () => {
    expect(parseLeadFilter({ from: 'yesterday', delivery: 'lost', spam: 'maybe', form: ['a', 'b'], q: '' })).toEqual({
      from: undefined,
      to: undefined,
      formId: 'a',
      productName: undefined,
      utmSource: undefined,
      delivery: undefined,
      spam: undefined,
      search: undefined,
    });
  });

  it('writes the same filter back for the next page and the export', () => {
    expect(filterQuery({ form: 'contact', q: 'a@b.ru', after: 'x', junk: '1' }, { after: '5.6' })).toBe('?form=contact&q=a%40b.ru&after=5.6');
    expect(filterQuery({})).toBe('');
  });
});
