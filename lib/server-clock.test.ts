import { describe, expect, it } from 'vitest';
import { serverClockOffset } from './server-clock';

describe('serverClockOffset', () => {
  it('maps the monotonic clock onto the server time, taking the middle of the round trip', () => {
    const offset = serverClockOffset({ serverTime: '1000000', age: null, sentAt: 100, receivedAt: 300 });
    expect(offset).toBe(1000000 - 200);
    // A second after the answer arrived, the server's clock reads its time plus the second (and half the trip).
    expect(300 + 1000 + offset!).toBe(1000000 + 1100);
  });

  it('adds the Age a shared cache reports', () => {
    expect(serverClockOffset({ serverTime: '5000', age: '3', sentAt: 0, receivedAt: 0 })).toBe(8000);
    expect(serverClockOffset({ serverTime: '5000', age: 'junk', sentAt: 0, receivedAt: 0 })).toBe(5000);
  });

  it('is null without a usable server time', () => {
    expect(serverClockOffset({ serverTime: null, age: null, sentAt: 0, receivedAt: 1 })).toBeNull();
    expect(serverClockOffset({ serverTime: 'yesterday', age: null, sentAt: 0, receivedAt: 1 })).toBeNull();
    expect(serverClockOffset({ serverTime: '0', age: null, sentAt: 0, receivedAt: 1 })).toBeNull();
  });
});
