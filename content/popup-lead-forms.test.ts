import { describe, expect, it } from 'vitest';
import { findLeadForm } from './lead-forms';
import { popupLeadForms } from './popup-lead-forms';
import { popups } from './popups';

describe('pop-up forms in the lead form registry', () => {
  const forms = popups.flatMap((popup) => (popup.formConfig ? [popup.formConfig] : []));

  it('registers every lead-form pop-up under its form id, with its product name and the application event', () => {
    expect(forms).toHaveLength(7);
    for (const form of forms) {
      expect(findLeadForm(form.formId)).toMatchObject({
        id: form.formId,
        productName: form.submitAnalyticsEvent.product_name,
        event: 'application',
        delivery: { kind: 'gc-form' },
      });
    }
    expect(popupLeadForms()).toHaveLength(forms.length);
  });

  it('posts only to form paths on the GetCourse account, each with its own signature', () => {
    const deliveries = popupLeadForms().map((entry) => entry.delivery);
    for (const delivery of deliveries) {
      if (delivery.kind !== 'gc-form') throw new Error('pop-up forms are GetCourse forms');
      expect(delivery.formAction).toMatch(/^\/pl\/lite\/block-public\/process-html\?id=\d+$/);
      expect(delivery.requestSimpleSign).toMatch(/^[0-9a-f]{32}$/);
      expect(Number.isInteger(delivery.requestTime)).toBe(true);
    }
    const actions = deliveries.map((delivery) => (delivery.kind === 'gc-form' ? delivery.formAction : ''));
    expect(new Set(actions).size).toBe(actions.length);
  });
});
