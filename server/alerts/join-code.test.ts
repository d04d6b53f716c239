import { describe, expect, it } from 'vitest';
import {
  botStartLink,
  hashJoinCode,
  isJoinCode,
  isStartParameter,
  joinCodeState,
  JOIN_CODE_LIFETIME_MS,
  newJoinCode,
  startParameterOf,
  telegramDisplayName,
} from './join-code';

describe("a manager's join code", () => {
  it("fits Telegram's start parameter: A-Z a-z 0-9 _ -, at most 64 characters; ours are 32", () => {
    const codes = new Set(Array.from({ length: 50 }, () => newJoinCode()));
    expect(codes.size).toBe(50);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(isStartParameter(code)).toBe(true);
      expect(isJoinCode(code)).toBe(true);
    }
    expect(newJoinCode((size) => Buffer.alloc(size, 0xfb))).toBe('-_v7'.repeat(8));
    expect(isStartParameter('a'.repeat(64))).toBe(true);
    expect(isStartParameter('a'.repeat(65))).toBe(false);
    expect(isStartParameter('a+b')).toBe(false);
    expect(isStartParameter('')).toBe(false);
    expect(isJoinCode('a'.repeat(64))).toBe(false);
  });

  it('is stored as its SHA-256 only', () => {
    const code = newJoinCode();
    expect(hashJoinCode(code)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashJoinCode(code)).not.toContain(code);
  });

  it('holds a day, once', () => {
    const code = { expiresAt: 1000 + JOIN_CODE_LIFETIME_MS, usedAt: null };
    expect(joinCodeState(code, 1000)).toBe('open');
    expect(joinCodeState(code, 1000 + JOIN_CODE_LIFETIME_MS)).toBe('expired');
    expect(joinCodeState({ ...code, usedAt: 2000 }, 2001)).toBe('used');
  });

  it('makes the bot link, refusing what Telegram would not take', () => {
    expect(botStartLink('school_alerts_bot', 'abc_DEF-123')).toBe('https://t.me/school_alerts_bot?start=abc_DEF-123');
    expect(() => botStartLink('school alerts', 'abc')).toThrow();
    expect(() => botStartLink('school_alerts_bot', 'a b')).toThrow();
  });

  it('reads the code from /start <code>, also /start@bot <code>; nothing else is a join', () => {
    expect(startParameterOf('/start abc_DEF-123')).toBe('abc_DEF-123');
    expect(startParameterOf('  /start   abc  ')).toBe('abc');
    expect(startParameterOf('/start@school_alerts_bot abc')).toBe('abc');
    expect(startParameterOf('/start')).toBeNull();
    expect(startParameterOf('/start a b')).toBeNull();
    expect(startParameterOf('/start a+b')).toBeNull();
    expect(startParameterOf('/stop abc')).toBeNull();
    expect(startParameterOf('hello /start abc')).toBeNull();
    expect(startParameterOf(`/start ${'a'.repeat(65)}`)).toBeNull();
  });

  it('names the manager as Telegram does: name, else @username, else the chat', () => {
    expect(telegramDisplayName({ first_name: 'Анна', last_name: 'Петрова', username: 'anna' }, '1')).toBe('Анна Петрова');
    expect(telegramDisplayName({ first_name: ' Анна\n' }, '1')).toBe('Анна');
    expect(telegramDisplayName({ username: 'anna' }, '1')).toBe('@anna');
    expect(telegramDisplayName({}, '42')).toBe('Telegram 42');
  });
});
