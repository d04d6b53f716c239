/**
 * A fake SMTP server for tests (the `smtp-server` package) on 127.0.0.1: accepts every mail without
 * authentication or TLS and records it with its envelope, its raw text, its headers and its decoded text
 * and HTML parts. Point SMTP_URL at `url`. `setDown(true)` refuses every mail with a 451.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  at: number;
  from: string;
  to: string[];
  raw: string;
  /** Header lines unfolded, as `name: value`; names lower case. */
  headers: [name: string, value: string][];
  header(name: string): string | undefined;
  text: string;
  html: string;
}

export interface FakeSmtp {
  url: string;
  received(to?: string): ReceivedMail[];
  setDown(down: boolean): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  let received: ReceivedMail[] = [];
  let down = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (down) {
          const error = new Error('Try again later') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push(
          parseMail(
            raw,
            session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
      });
    },
  });
  // smtp-server reports a client's broken connection on the server; the tests break them on purpose (a
  // site killed in the middle of a mail), and an unheard 'error' event would end the test process.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: (to) => received.filter((mail) => to === undefined || mail.to.includes(to)),
    setDown: (value) => void (down = value),
    reset() {
      received = [];
      down = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function parseHeaders(block: string): [string, string][] {
  return block
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => {
      const index = line.indexOf(':');
      return [line.slice(0, index).trim().toLowerCase(), line.slice(index + 1).trim()] as [string, string];
    });
}

function decode(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding?.toLowerCase() === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    try {
      return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
    } catch {
      return bytes;
    }
  }
  return body;
}

/** A mail as nodemailer writes it: one part, or multipart/alternative with a text and an HTML part. */
function parseMail(raw: string, from: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const headers = parseHeaders(raw.slice(0, split));
  const header = (name: string) => headers.find(([key]) => key === name)?.[1];
  const body = raw.slice(split + 4);
  let text = '';
  let html = '';
  const boundary = /boundary="?([^";]+)"?/.exec(header('content-type') ?? '')?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [`${raw.slice(0, split)}\r\n\r\n${body}`];
  for (const part of parts) {
    const trimmed = part.replace(/^\r\n/, '');
    const end = trimmed.indexOf('\r\n\r\n');
    const partHeaders = parseHeaders(trimmed.slice(0, end));
    const type = partHeaders.find(([key]) => key === 'content-type')?.[1] ?? 'text/plain';
    const decoded = decode(trimmed.slice(end + 4).replace(/\r\n$/, ''), partHeaders.find(([key]) => key === 'content-transfer-encoding')?.[1]);
    if (type.startsWith('text/html')) html = decoded;
    else if (type.startsWith('text/plain')) text = decoded;
  }
  return { at: Date.now(), from, to, raw, headers, header, text: text.replace(/\r\n/g, '\n'), html: html.replace(/\r\n/g, '\n') };
}
