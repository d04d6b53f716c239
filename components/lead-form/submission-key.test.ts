import { describe, expect, it } from 'vitest';
import { newIdempotencyKey, SubmissionKeys, submissionFingerprint, submissionKeysFor } from './submission-key';

describe('SubmissionKeys', () => {
  const values = { fullName: 'Анна', email: 'anna@example.com', phone: '+7 912 345 67 89' };

  it('keeps key and body for presses with the same values, makes new ones for changed values and after forget()', () => {
    const keys = new SubmissionKeys<number>();
    let built = 0;
    const first = keys.take(submissionFingerprint('contact', values), () => ++built);
    expect(keys.take(submissionFingerprint('contact', { ...values, phone: '+79123456789' }), () => ++built)).toEqual(first);
    expect(built).toBe(1);
    const changed = keys.take(submissionFingerprint('contact', { ...values, email: 'anna2@example.com' }), () => ++built);
    expect(changed.key).not.toBe(first.key);
    keys.forget();
    expect(keys.take(submissionFingerprint('contact', { ...values, email: 'anna2@example.com' }), () => ++built).key).not.toBe(changed.key);
    expect(submissionFingerprint('contact', values)).not.toBe(submissionFingerprint('popup', values));
  });

  it('makes UUIDs the server accepts', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('one memory per form slot, shared by every mount of that form', () => {
    expect(submissionKeysFor('consultation:popover')).toBe(submissionKeysFor('consultation:popover'));
    expect(submissionKeysFor('consultation:popover')).not.toBe(submissionKeysFor('contact:lead-form'));
    const first = submissionKeysFor<number>('popup:popup').take('same values', () => 1);
    expect(submissionKeysFor<number>('popup:popup').take('same values', () => 2)).toEqual(first);
  });
});
