import { describe, expect, it } from 'vitest';
import { findLeadForm } from '@/content/lead-forms';
import { consultationFormConfig } from './form-config';

describe('consultation form config', () => {
  it('matches its entry in the lead form registry, so the server accepts it and analytics agree', () => {
    const entry = findLeadForm(consultationFormConfig.formId);
    expect(entry).toBeDefined();
    expect(consultationFormConfig.submitAnalyticsEvent).toEqual({
      event: entry!.event,
      product_name: entry!.productName,
      id_form: entry!.id,
    });
  });
});
