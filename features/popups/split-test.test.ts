import { describe, expect, it } from 'vitest';
import type { PublicPopup } from '@/lib/popups/managed';
import { newVisitorId, variantFor, visitorCookie } from './split-test';
import { visitorIdOf } from '@/lib/experiments/variants';

const popup = {
  id: 'popup-middle-discount',
  includePaths: ['/'],
  excludePaths: [],
  showDelayMs: 0,
  formConfig: { formId: 'f' },
  content: { kind: 'discount', title: 'A title', text: 'A text', submitLabel: 'A button' },
} as unknown as PublicPopup;
const test = { id: 't1', variants: [{ headline: 'A title', text: 'A text', buttonLabel: 'A button' }, { headline: 'B title', text: 'B text', buttonLabel: 'B button' }] };
const chrome = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36';

describe('split test in the browser', () => {
  it('makes no visitor id without a running test, nor for a bot', () => {
    let made = 0;
    const ensure = () => (made += 1, 'visitor-0123456789abcdef');
    expect(variantFor(popup, chrome, ensure)).toEqual({ popup, shown: null });
    expect(variantFor({ ...popup, test }, 'Googlebot/2.1', ensure).shown).toBeNull();
    expect(made).toBe(0);
  });

  it('shows the assigned variant and reports it', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const { popup: shown, shown: variant } = variantFor({ ...popup, test }, chrome, () => `visitor-${i}-0123456789abcdef`);
      const title = (shown.content as { title: string }).title;
      expect(title).toBe(variant!.variant === 0 ? 'A title' : 'B title');
      seen.add(title);
    }
    expect(seen.size).toBe(2);
  });

  it('cookie round trip', () => {
    const id = newVisitorId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const cookie = visitorCookie(id, true);
    expect(cookie).toContain('Secure');
    expect(visitorIdOf(`a=1; ${cookie.split(';')[0]}`)).toBe(id);
    expect(visitorIdOf('school_vid=bad!')).toBeNull();
  });
});
