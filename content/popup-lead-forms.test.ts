import { describe, expect, it } from 'vitest';
import { findLeadForm } from './lead-forms';
import { popupLeadForms } from './popup-lead-forms';
import { popups } from './popups';

describe('pop-up forms in the lead form registry', () => {
  const forms = popups.flatMap((popup) => (popup.formConfig ? [popup.formConfig] : []));

  it('registers every lead-form pop-up under its form id as a deal, with its product name and event', () => {
    expect(popupLeadForms()).toHaveLength(forms.length);
    for (const form of forms) {
      const entry = findLeadForm(form.formId);
      expect(entry).toMatchObject({
        id: form.formId,
        productName: form.submitAnalyticsEvent.product_name,
        event: form.submitAnalyticsEvent.event,
        delivery: { kind: 'deal' },
      });
      if (entry?.delivery.kind !== 'deal') throw new Error('pop-up leads are deals');
      expect(entry.delivery.productTitle ?? entry.delivery.offerCode).toBeTruthy();
    }
  });

  it('names a different product for every pop-up, so the CRM tells them apart', () => {
    const products = popupLeadForms().map((entry) => (entry.delivery.kind === 'deal' ? entry.delivery.productTitle : ''));
    expect(new Set(products).size).toBe(products.length);
  });
});
