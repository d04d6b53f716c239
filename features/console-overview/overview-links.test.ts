import { describe, expect, it } from 'vitest';
import { deliveryListHref, leadsListHref } from './overview-links';

describe("the overview's figures as links to «Заявки»", () => {
  it('filters by the row and the period in Moscow days, spam left out as the overview counts', () => {
    const now = Date.UTC(2026, 10, 24, 22, 30); // 25 November, 01:30 in Moscow
    expect(leadsListHref({ form: 'contact' }, 'today', now)).toBe('/admin/leads?form=contact&from=2026-11-25&to=2026-11-25&spam=exclude');
    expect(leadsListHref({ utm_source: 'vk' }, 'week', now)).toBe('/admin/leads?utm_source=vk&from=2026-11-19&to=2026-11-25&spam=exclude');
    expect(leadsListHref({}, 'month', now)).toBe('/admin/leads?from=2026-10-27&to=2026-11-25&spam=exclude');
    expect(deliveryListHref('retrying')).toBe('/admin/leads?delivery=retrying');
  });
});
