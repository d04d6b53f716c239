import { describe, expect, it } from 'vitest';
import { readStoredUserId, SESSION_STORAGE_KEY, userIdFromSession } from './session';

describe('userIdFromSession', () => {
  it.each([
    ['{"user_id":"u-42"}', 'u-42'],
    ['{"user_id":42,"token":"x"}', 42],
    ['{"user_id":0}', 0],
  ])('reads the user id from %s', (raw, expected) => {
    expect(userIdFromSession(raw)).toBe(expected);
  });

  it.each([
    [null],
    [''],
    ['not json'],
    ['{"user_id":'],
    ['"u-42"'],
    ['null'],
    ['[1,2]'],
    ['{}'],
    ['{"userId":"u-42"}'],
    ['{"user_id":""}'],
    ['{"user_id":"   "}'],
    ['{"user_id":null}'],
    ['{"user_id":{"id":1}}'],
    ['{"user_id":true}'],
  ])('finds no user id in %s', (raw) => {
    expect(userIdFromSession(raw)).toBeNull();
  });
});

describe('readStoredUserId', () => {
  it('reads the session key', () => {
    const keys: string[] = [];
    const userId = readStoredUserId((key) => {
      keys.push(key);
      return '{"user_id":"u-1"}';
    });
    expect(userId).toBe('u-1');
    expect(keys).toEqual([SESSION_STORAGE_KEY]);
  });

  it('treats storage that throws as no session', () => {
    expect(
      readStoredUserId(() => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      }),
    ).toBeNull();
  });
});
