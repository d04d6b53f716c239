import { describe, expect, it } from 'vitest';
import { conversionText, funnelCsv, funnelSearch, parseFunnelQuery, revenuePerLeadText, revenueText } from './funnel';

const now = Date.UTC(2026, 10, 24, 22, 30); // 25 November, 01:30 in Moscow

describe('the funnel page', () => {
  it('reads periods in Moscow days', () => {
    const today = parseFunnelQuery({ period: 'today' }, now);
    expect([today.fromDay, today.toDay, today.from]).toEqual(['2026-11-25', '2026-11-25', Date.UTC(2026, 10, 24, 21)]);
    expect(parseFunnelQuery({ period: 'yesterday' }, now)).toMatchObject({ fromDay: '2026-11-24', toDay: '2026-11-24' });
    expect(parseFunnelQuery({}, now)).toMatchObject({ period: '30d', by: 'campaign', fromDay: '2026-10-27', toDay: '2026-11-25' });
    const custom = parseFunnelQuery({ period: 'custom', from: '2026-11-10', to: '2026-11-01', by: 'source' }, now);
    expect(custom).toMatchObject({ fromDay: '2026-11-01', toDay: '2026-11-10', by: 'source' });
    expect(funnelSearch(custom)).toBe('period=custom&by=source&from=2026-11-01&to=2026-11-10');
    expect(parseFunnelQuery({ period: 'custom', from: '2026-11-31', to: '2026-12-01' }, now).period).toBe('30d');
  });

  it('shows conversion, revenue and revenue per lead, and the same in CSV', () => {
    // One deal paid in full and one in part: the conversion counts the full one, the revenue both; a refund apart.
    const row = { key: '', leads: 8, paidDeals: 1, partPaidDeals: 1, refundedDeals: 1, revenueKopecks: 1_299_000 };
    expect(conversionText(row)).toBe('12,5 %');
    expect(revenueText(row.revenueKopecks)).toBe('12\u00a0990\u00a0₽');
    expect(revenuePerLeadText(row)).toBe('1\u00a0624\u00a0₽');
    expect(conversionText({ ...row, leads: 0 })).toBe('—');
    const csv = funnelCsv(parseFunnelQuery({}, now), [row, { key: '=cmd', leads: 2, paidDeals: 0, partPaidDeals: 0, refundedDeals: 0, revenueKopecks: 0 }]);
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFКампания (utm_campaign);Заявки;Оплаченные сделки;Частично оплаченные сделки;Возвраты;Конверсия в оплату, %;Выручка, ₽;Выручка на заявку, ₽',
      'без метки;8;1;1;1;12,5;12990,00;1623,75',
      "'=cmd;2;0;0;0;0,0;0,00;0,00",
      '',
    ]);
  });
});
