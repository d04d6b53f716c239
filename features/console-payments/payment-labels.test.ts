import { describe, expect, it } from 'vitest';
import { gcStatuses } from '@/server/deals/status';
import { gcStatusLabels, timesText } from './payment-labels';

describe('payments in words', () => {
  it('names every GetCourse status in Russian', () => {
    for (const status of gcStatuses) expect(gcStatusLabels[status]).toMatch(/^[а-яё ]+$/);
    expect(gcStatusLabels.payed).toBe('оплачен');
  });

  it('says how often a number was reported', () => {
    expect([1, 2, 5, 12, 22, 111].map(timesText)).toEqual(['1 раз', '2 раза', '5 раз', '12 раз', '22 раза', '111 раз']);
  });
});
