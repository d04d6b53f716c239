/**
 * The text of a lead alert, for a person in a hurry: the form and course in Russian, the contacts (the
 * phone as a `tel:` link), the page by its name and the campaign, Moscow time and a link to the lead in the console. Pure.
 *
 * Every value a visitor controls (name, e-mail, page, UTM values) is escaped for its channel: Telegram's
 * HTML mode knows only `&lt;`, `&gt;`, `&amp;` and `&quot;`; the mail's HTML part the same; the mail's
 * plain part and subject carry no visitor value that could end a line (line breaks become spaces), and
 * the subject holds no visitor value at all. Nodemailer encodes the headers.
 */

export interface AlertLead {
  id: number;
  createdAt: number;
  /** Which form, in Russian («Контактная форма», «Подарок», …). */
  formTitle: string;
  /** The course or offer the form is for, in Russian. */
  courseTitle: string;
  name: string;
  /** E.164 (`+79161234567`). */
  phone: string;
  email: string;
  /** The page the lead was sent from, by its name (content/names.ts `pageLabel`: its path only beside a type's name). */
  page: string;
  utm: { source?: string; medium?: string; campaign?: string; content?: string; term?: string };
}

export interface MessageOptions {
  /** «Без личных данных»: no name, phone or e-mail in the message. */
  withoutPersonalData: boolean;
  /** The site's address (SITE_URL) for the console link; null: no link. */
  siteUrl: string | null;
  /**
   * False: the phone as plain text (Telegram's apps still make a number tappable). For a Telegram that
   * refuses the `tel:` link of a message: the worker sends that message again without it.
   */
  telLinks?: boolean;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** For Telegram's and the mail's HTML: the visitor's text stays text. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** One line: control characters (CR, LF, tabs, …) and Unicode line separators become spaces; long values are cut. */
export function oneLine(value: string, max = 300): string {
  const flat = value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

const moscowTime = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const moscowClock = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', hour: '2-digit', minute: '2-digit' });

/** `25.11.2026, 12:34 (МСК)`. */
export function moscowDateTime(timestamp: number): string {
  return `${moscowTime.format(timestamp)} (МСК)`;
}

export function consoleLink(siteUrl: string | null, leadId: number): string | null {
  return consoleAddress(siteUrl, `/admin/leads/${leadId}`);
}

/** The console's leads list, where a digest's leads beyond those it lists are. */
export function consoleLeadsLink(siteUrl: string | null): string | null {
  return consoleAddress(siteUrl, '/admin/leads');
}

function consoleAddress(siteUrl: string | null, path: string): string | null {
  if (!siteUrl) return null;
  try {
    return new URL(path, siteUrl).toString();
  } catch {
    return null;
  }
}

/** A phone as `tel:` accepts it: `+` and digits only (ours are E.164 already; anything else is dropped). */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

function phoneHtml(phone: string, options: MessageOptions): string {
  return options.telLinks === false ? escapeHtml(phone) : `<a href="${escapeHtml(telHref(phone))}">${escapeHtml(phone)}</a>`;
}

/** «1 заявка», «2 заявки», «7 заявок». */
export function leadsCount(count: number): string {
  const tens = count % 100;
  const units = count % 10;
  const word = tens >= 11 && tens <= 14 ? 'заявок' : units === 1 ? 'заявка' : units >= 2 && units <= 4 ? 'заявки' : 'заявок';
  return `${count} ${word}`;
}

interface Field {
  label: string;
  /** Already escaped for the channel's HTML (links, for instance). */
  html: string;
  text: string;
}

/** Telegram takes at most 4096 characters a message (after entity parsing); we keep the HTML below this. */
export const TELEGRAM_MAX_LENGTH = 4000;

/** The message with visitor values cut ever shorter until it fits (an escaped `<` takes four characters). */
function fitted(build: (max: number) => string): string {
  for (const max of [300, 100, 40]) {
    const text = build(max);
    if (text.length <= TELEGRAM_MAX_LENGTH) return text;
  }
  return build(12);
}

function fields(lead: AlertLead, options: MessageOptions, max = 300): Field[] {
  const plain = (label: string, value: string | undefined): Field[] => {
    const line = value ? oneLine(value, max) : '';
    return line ? [{ label, html: escapeHtml(line), text: line }] : [];
  };
  const result: Field[] = [];
  if (!options.withoutPersonalData) {
    result.push(...plain('Имя', lead.name));
    const phone = oneLine(lead.phone, 32);
    if (phone) result.push({ label: 'Телефон', html: phoneHtml(phone, options), text: phone });
    result.push(...plain('E-mail', lead.email));
  }
  result.push(...plain('Страница', lead.page));
  const { source, medium, campaign, content, term } = lead.utm;
  result.push(...plain('Кампания', campaign));
  const origin = [source, medium].filter(Boolean).join(' / ');
  result.push(...plain('Источник', origin));
  result.push(...plain('Объявление', content));
  result.push(...plain('Ключевое слово', term));
  result.push({ label: 'Время', html: escapeHtml(moscowDateTime(lead.createdAt)), text: moscowDateTime(lead.createdAt) });
  return result;
}

function heading(lead: AlertLead): string {
  return `Новая заявка: ${oneLine(lead.formTitle)} — ${oneLine(lead.courseTitle)}`;
}

/** One lead, Telegram HTML (parse_mode HTML). */
export function telegramAlert(lead: AlertLead, options: MessageOptions): string {
  return fitted((max) => {
    const lines = [`<b>${escapeHtml(heading(lead))}</b>`, ...fields(lead, options, max).map((field) => `${field.label}: ${field.html}`)];
    const link = consoleLink(options.siteUrl, lead.id);
    if (link) lines.push(`<a href="${escapeHtml(link)}">Открыть в консоли</a>`);
    return lines.join('\n');
  });
}

/** One lead as a mail: the subject names the form and course only (no visitor value in a header). */
export function mailAlert(lead: AlertLead, options: MessageOptions): MailContent {
  const list = fields(lead, options);
  const link = consoleLink(options.siteUrl, lead.id);
  const text = [heading(lead), '', ...list.map((field) => `${field.label}: ${field.text}`), ...(link ? ['', `Открыть в консоли: ${link}`] : [])].join('\n');
  const html = [
    `<p><b>${escapeHtml(heading(lead))}</b></p>`,
    `<p>${list.map((field) => `${escapeHtml(field.label)}: ${field.html}`).join('<br>\n')}</p>`,
    ...(link ? [`<p><a href="${escapeHtml(link)}">Открыть в консоли</a></p>`] : []),
  ].join('\n');
  return { subject: heading(lead), text, html };
}

/** A digest line: time, form and course, and (unless without personal data) the name and phone. */
function digestLine(lead: AlertLead, options: MessageOptions, html: boolean, max = 80): string {
  const escape = html ? escapeHtml : (value: string) => value;
  const parts = [moscowClock.format(lead.createdAt), `${oneLine(lead.formTitle)} — ${oneLine(lead.courseTitle)}`];
  let line = parts.map(escape).join(' · ');
  if (!options.withoutPersonalData) {
    const name = oneLine(lead.name, max);
    const phone = oneLine(lead.phone, 32);
    if (name) line += ` · ${escape(name)}`;
    if (phone) line += ` · ${html ? phoneHtml(phone, options) : phone}`;
  }
  const campaign = lead.utm.campaign ? oneLine(lead.utm.campaign, max) : '';
  if (campaign) line += ` · ${escape(`кампания ${campaign}`)}`;
  const link = consoleLink(options.siteUrl, lead.id);
  if (link) line += html ? ` · <a href="${escapeHtml(link)}">в консоли</a>` : ` · ${link}`;
  return line;
}

/** The night's leads, oldest first, in one message: «За ночь: 7 заявок». */
export function digestTitle(count: number): string {
  return `За ночь: ${leadsCount(count)}`;
}

/** Several leads of the working day at once (a burst, or the backlog after an outage). */
export function backlogTitle(count: number): string {
  return `Новые заявки: ${count}`;
}

export interface DigestOptions extends MessageOptions {
  /** `night`: «За ночь: N заявок»; `backlog`: «Новые заявки: N». */
  kind: 'night' | 'backlog';
  /** The leads the message stands for, when it lists only the first of them (a long night). */
  total?: number;
  /** Leads left for the next message. */
  remaining?: number;
}

function digestParts(leads: AlertLead[], options: DigestOptions) {
  const ordered = oldestFirst(leads);
  const total = Math.max(options.total ?? 0, ordered.length);
  const title = options.kind === 'night' ? digestTitle(total) : backlogTitle(total);
  const unlisted = total - ordered.length;
  const more =
    unlisted > 0
      ? `Ещё ${leadsCount(unlisted)} — в консоли, в разделе «Заявки».`
      : options.remaining
        ? `Ещё ${leadsCount(options.remaining)} — следующим сообщением.`
        : null;
  return { ordered, title, more, leadsLink: unlisted > 0 ? consoleLeadsLink(options.siteUrl) : null };
}

export function telegramDigest(leads: AlertLead[], options: DigestOptions): string {
  const { ordered, title, more, leadsLink } = digestParts(leads, options);
  const moreHtml = more && (leadsLink ? `<a href="${escapeHtml(leadsLink)}">${escapeHtml(more)}</a>` : escapeHtml(more));
  return fitted((max) =>
    [
      `<b>${escapeHtml(title)}</b>`,
      ...ordered.map((lead, index) => `${index + 1}. ${digestLine(lead, options, true, Math.min(max, 80))}`),
      ...(moreHtml ? [moreHtml] : []),
    ].join('\n'),
  );
}

export function mailDigest(leads: AlertLead[], options: DigestOptions): MailContent {
  const { ordered, title, more, leadsLink } = digestParts(leads, options);
  const moreHtml = more && (leadsLink ? `<a href="${escapeHtml(leadsLink)}">${escapeHtml(more)}</a>` : escapeHtml(more));
  return {
    subject: title,
    text: [
      title,
      '',
      ...ordered.map((lead, index) => `${index + 1}. ${digestLine(lead, options, false)}`),
      ...(more ? ['', leadsLink ? `${more} ${leadsLink}` : more] : []),
    ].join('\n'),
    html: [
      `<p><b>${escapeHtml(title)}</b></p>`,
      `<ol>`,
      ...ordered.map((lead) => `<li>${digestLine(lead, options, true)}</li>`),
      `</ol>`,
      ...(moreHtml ? [`<p>${moreHtml}</p>`] : []),
    ].join('\n'),
  };
}

export function oldestFirst(leads: AlertLead[]): AlertLead[] {
  return [...leads].sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
}

/** The test message of the console's «Отправить пробное уведомление». */
export const TEST_MESSAGE = 'Пробное уведомление о заявках с сайта: этот получатель настроен верно.';

/** A notice to the team that is not a lead's (a split test's verdict), as Telegram's HTML: its words, and the console's link. */
export function telegramNotice(notice: { text: string; link: string | null }): string {
  const lines = [`<b>${escapeHtml(oneLine(notice.text, 1000))}</b>`];
  if (notice.link) lines.push(`<a href="${escapeHtml(notice.link)}">Открыть в консоли</a>`);
  return lines.join('\n');
}

/** The same notice as a mail; its subject is the notice's first clause («Тест поп-апа «…» закончен»). */
export function mailNotice(notice: { text: string; link: string | null }): MailContent {
  const text = oneLine(notice.text, 1000);
  const subject = oneLine(text.split(':')[0] ?? text, 200);
  return {
    subject,
    text: [text, ...(notice.link ? ['', `Открыть в консоли: ${notice.link}`] : [])].join('\n'),
    html: [`<p>${escapeHtml(text)}</p>`, ...(notice.link ? [`<p><a href="${escapeHtml(notice.link)}">Открыть в консоли</a></p>`] : [])].join('\n'),
  };
}
