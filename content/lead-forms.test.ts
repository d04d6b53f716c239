import { describe, expect, it } from 'vitest';
import { findLeadForm, leadForms } from './lead-forms';

describe('lead form registry', () => {
  it('holds slug-like, unique form ids with an analytics product name', () => {
    const ids = leadForms.map((form) => form.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const form of leadForms) {
      expect(form.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(form.productName).toMatch(/^[a-z0-9_]+$/);
    }
  });

  it('finds a form by id and nothing for an unknown id', () => {
    expect(findLeadForm('contact')?.delivery.kind).toBe('deal');
    expect(findLeadForm('no-such-form')).toBeUndefined();
  });
});
