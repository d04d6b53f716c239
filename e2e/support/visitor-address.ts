/**
 * Client addresses of the visitors a spec plays. The stack stands as if behind one proxy of ours
 * (TRUST_PROXY=1, e2e/support/stack.ts), so a request's address is the last `X-Forwarded-For` entry, as
 * nginx writes it in a deploy; a request without one is 127.0.0.1's. The console's figures count a few
 * events a day per address and per network (an IPv4 /24: server/traffic/caps.ts), and colour a speed row
 * only with reports from enough networks, so specs whose visitors must each count give every one an
 * address in a network of its own; the rest of the suite shares 127.0.0.1 and its caps.
 */
let made = 0;

/** An address in a /24 no other visitor of the run has (for a worker's first 256): the Playwright worker's index and a count. */
export function visitorAddress(): string {
  made += 1;
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0);
  return `10.${worker % 256}.${made & 255}.${1 + ((made >> 8) & 127)}`;
}

/** Browser context options of a visitor from `address`: every request of its pages carries it. */
export function fromAddress(address: string = visitorAddress()): { extraHTTPHeaders: Record<string, string> } {
  return { extraHTTPHeaders: { 'x-forwarded-for': address } };
}
