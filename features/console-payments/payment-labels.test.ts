import { describe, expect, it } from 'vitest';
import { getCourse } from '@/content/courses';
import { gcStatuses } from '@/server/rules/deal-status';
import { gcStatusLabels, refusalText, timesText } from './payment-labels';

describe('payments in words', () => {
  it('names every GetCourse status in Russian', () => {
    for (const status of gcStatuses) expect(gcStatusLabels[status]).toMatch(/^[а-яё ]+$/);
    expect(gcStatusLabels.payed).toBe('оплачен');
  });

  it('says how often a number was reported', () => {
    expect([1, 2, 5, 12, 22, 111].map(timesText)).toEqual(['1 раз', '2 раза', '5 раз', '12 раз', '22 раза', '111 раз']);
  });

  it('says why a payment was refused and what it was held against', () => {
    expect(refusalText({ reason: 'paid_above_cost', limitKopecks: 1_299_000, course: null })).toBe('Оплачено больше стоимости сделки (12\u00a0990\u00a0₽)');
    expect(refusalText({ reason: 'paid_above_tariffs', limitKopecks: 999_000, course: 'git' })).toBe(
      `Оплачено больше, чем стоит самый дорогой тариф курса «${getCourse('git')!.title}» (9\u00a0990\u00a0₽)`,
    );
    expect(refusalText({ reason: 'paid_above_tariffs', limitKopecks: 51_120_000, course: null })).toBe(
      'Оплачено больше, чем стоит самый дорогой курс школы (511\u00a0200\u00a0₽)',
    );
    expect(refusalText({ reason: 'cost_above_tariffs', limitKopecks: 51_120_000, course: null })).toBe(
      'Стоимость сделки больше, чем стоит самый дорогой курс школы (511\u00a0200\u00a0₽)',
    );
  });
});
