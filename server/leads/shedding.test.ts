import { describe, expect, it } from 'vitest';
import { fairShare, NEVER_SHED, shedsLead, type MinuteLoad } from './shedding';

const PRESSURE = 60;
const load = (overrides: Partial<MinuteLoad>): MinuteLoad => ({ site: 1, senders: 1, networks: 1, address: 1, network: 1, ...overrides });

describe('shedding the heaviest senders first', () => {
  it('never refuses an address with one or two leads in the minute, however busy the site and its network', () => {
    for (const address of [1, NEVER_SHED]) {
      expect(shedsLead(load({ site: 100_000, senders: 5_000, networks: 1, address, network: 100_000 }), PRESSURE)).toBe(false);
    }
  });

  it('refuses nobody while the site is at or under the pressure level, however much one address sends', () => {
    const eight = { senders: 8, networks: 8, address: 30, network: 30 };
    expect(shedsLead(load({ ...eight, site: PRESSURE }), PRESSURE)).toBe(false);
    expect(shedsLead(load({ ...eight, site: PRESSURE + 1 }), PRESSURE)).toBe(true);
  });

  it('under pressure refuses an address past its fair share of the level: the level divided among the minute’s senders', () => {
    // 18 senders (8 flooding, 10 visitors): a share of 60 / 18 = 3 leads.
    const busy = { site: 200, senders: 18, networks: 12 };
    expect(fairShare(PRESSURE, 18)).toBe(3);
    expect(shedsLead(load({ ...busy, address: 3, network: 3 }), PRESSURE)).toBe(false);
    expect(shedsLead(load({ ...busy, address: 4, network: 4 }), PRESSURE)).toBe(true);
    // With fewer senders the share is larger: a school's office sending its fifth lead is let through.
    expect(shedsLead(load({ site: 70, senders: 4, networks: 4, address: 5, network: 5 }), PRESSURE)).toBe(false);
  });

  it('under pressure refuses a third lead from an address whose network already sent more than its share, though the address alone did not', () => {
    // A flood spread over one /24: each address sends little, the network a lot.
    const busy = { site: 200, senders: 12, networks: 12 };
    expect(shedsLead(load({ ...busy, address: 3, network: 6 }), PRESSURE)).toBe(true);
    expect(shedsLead(load({ ...busy, address: 3, network: 5 }), PRESSURE)).toBe(false);
    expect(shedsLead(load({ ...busy, address: 2, network: 150 }), PRESSURE)).toBe(false);
  });

  it('never makes a share below the two leads nobody is refused, however many senders there are', () => {
    expect(fairShare(PRESSURE, 10_000)).toBe(NEVER_SHED);
    expect(fairShare(PRESSURE, 0)).toBe(PRESSURE);
  });

  it('sheds a crowd that fills a minute down to the newcomers: of 8 addresses at 30 a minute and 10 visitors, every visitor passes', () => {
    // The minute played lead by lead, the flood's addresses in turn with a visitor now and then.
    const counts = new Map<string, number>();
    const networks = new Map<string, number>();
    let site = 0;
    const answered: Record<string, boolean[]> = {};
    const send = (address: string, network: string) => {
      site += 1;
      counts.set(address, (counts.get(address) ?? 0) + 1);
      networks.set(network, (networks.get(network) ?? 0) + 1);
      const shed = shedsLead({ site, senders: counts.size, networks: networks.size, address: counts.get(address)!, network: networks.get(network)! }, PRESSURE);
      (answered[address] ??= []).push(!shed);
    };
    for (let round = 0; round < 30; round += 1) {
      for (let flooder = 0; flooder < 8; flooder += 1) send(`flood-${flooder}`, `flood-net-${flooder % 2}`);
      if (round % 3 === 0) {
        const visitor = round / 3;
        send(`visitor-${visitor}`, `visitor-net-${visitor}`);
        if (visitor % 2 === 0) send(`visitor-${visitor}`, `visitor-net-${visitor}`);
      }
    }
    const visitors = Object.entries(answered).filter(([address]) => address.startsWith('visitor'));
    expect(visitors).toHaveLength(10);
    for (const [, answers] of visitors) expect(answers.every(Boolean)).toBe(true);
    const floodAdmitted = Object.entries(answered)
      .filter(([address]) => address.startsWith('flood'))
      .reduce((sum, [, answers]) => sum + answers.filter(Boolean).length, 0);
    // Up to the pressure level everything passes; after it the flood gets nothing more.
    expect(floodAdmitted).toBeLessThanOrEqual(PRESSURE);
    expect(floodAdmitted).toBeGreaterThan(0);
  });
});
