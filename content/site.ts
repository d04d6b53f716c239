// Relative, not '@/': next.config.ts loads this file (server/production-settings.ts reads the pop-up forms), and its loader resolves no '@/' here.
import { siteUrlFrom } from '../lib/site-url';

/** Site-wide constants. Every page, form and widget reads them from here. */
export const site = {
  name: 'Фронтенд Старт',
  description: 'Онлайн-школа программирования: курсы фронтенд-разработки с нуля до middle, наставники, реальные проекты и помощь с трудоустройством.',
  url: siteUrlFrom({ SITE_URL: process.env.SITE_URL }),
} as const;

/**
 * Opening hours of the support line (Moscow time): shown as text and given to search engines. The only hours
 * a visitor reads as «рабочее время» or «Работаем»; the call-back window below is always worded as when a
 * manager calls, so a visitor never meets two different «working hours» (content/validation/working-hours.test.ts).
 */
const workHours = { opens: '10:00', closes: '20:00' } as const;
/** When managers call back (calls 10:00-19:00 MSK, shorter than the support line's hours). */
const callTime = { opens: '10:00', closes: '19:00' } as const;

export const contacts = {
  supportEmail: 'support@frontend-start.ru',
  phone: { display: '+7 800 301-24-56', href: 'tel:+78003012456' },
  whatsapp: 'https://wa.me/78003012456',
  telegram: 'https://t.me/frontend_start_help',
  /** The messenger channel about frameworks that promo pop-ups and the Vue teaser lead to. */
  frameworkChannel: 'https://t.me/frontend_frameworks',
  workHours,
  workTime: `${workHours.opens}-${workHours.closes} МСК`,
  callTime,
  /** «с 10:00 до 19:00 по московскому времени», with no-break spaces, for a sentence about the call. */
  callHoursPhrase: `с\u00a0${callTime.opens} до\u00a0${callTime.closes} по\u00a0московскому времени`,
} as const;

export const legalLinks = {
  privacy: { href: '/docs#privacy', label: 'Политика конфиденциальности' },
  terms: { href: '/docs#terms', label: 'Пользовательское соглашение' },
  offer: { href: '/docs#offer', label: 'Договор-оферта' },
} as const;
