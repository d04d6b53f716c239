import { describe, expect, it } from 'vitest';
import { articleCount, authorLine, formatDay, readingTime } from './format';

describe('collection formatting', () => {
  it('shows a calendar day in Russian whatever the server time zone', () => {
    expect(formatDay('2025-03-14')).toBe('14 марта 2025 г.');
    expect(formatDay('2025-01-01')).toBe('1 января 2025 г.');
  });

  it('agrees the nouns with the numbers', () => {
    expect([1, 3, 5, 21].map(readingTime)).toEqual(['1 минута чтения', '3 минуты чтения', '5 минут чтения', '21 минута чтения']);
    expect([1, 2, 11].map(articleCount)).toEqual(['1 статья', '2 статьи', '11 статей']);
  });

  it('writes the byline as name and role, the role in lower case after the comma', () => {
    expect(authorLine({ name: 'Мария Лебедева', role: 'Руководитель образовательных программ' })).toBe('Мария Лебедева, руководитель образовательных программ');
  });
});
