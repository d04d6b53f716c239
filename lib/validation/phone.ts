import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/** National numbers that people type to get past a form. */
export const BLOCKED_NATIONAL_NUMBERS: ReadonlySet<string> = new Set(['9876543210', '0987654321', '0123456789', '1234567890']);

/** A digit repeated this many times in a row marks a made-up number. */
export const REPEATED_DIGIT_RUN_LIMIT = 5;
const repeatedDigitRun = new RegExp(`(\\d)\\1{${REPEATED_DIGIT_RUN_LIMIT - 1},}`);

export const DEFAULT_COUNTRY: CountryCode = 'RU';

/** Longer than any number with its spaces, brackets and dashes: more is not a phone. */
export const PHONE_MAX_LENGTH = 32;
// A phone as people write one: digits, a leading +, spaces, brackets, dashes and dots. Nothing else,
// so text around a number ("позвоните вечером") is refused rather than cut away.
const phoneCharacters = /^\+?[\d\s().-]+$/;

/** The number typed in `value`, whole: never a number picked out of other text. */
function parse(value: string, defaultCountry: CountryCode) {
  if (value.length > PHONE_MAX_LENGTH || !phoneCharacters.test(value)) return undefined;
  return parsePhoneNumberFromString(value, { defaultCountry, extract: false });
}

/**
 * Whether a phone number typed in international format is one we accept: it parses, is valid for its
 * country (possible length and a known number type, judged by the full metadata) and is not a
 * placeholder such as 1234567890 or 89999999999.
 */
export function isAcceptablePhone(value: string, defaultCountry: CountryCode = DEFAULT_COUNTRY): boolean {
  const phone = parse(value, defaultCountry);
  if (!phone || !phone.isPossible() || !phone.isValid() || phone.getType() === undefined) return false;
  const national = String(phone.nationalNumber);
  if (BLOCKED_NATIONAL_NUMBERS.has(national)) return false;
  return !repeatedDigitRun.test(national);
}

/** The number in E.164 (+79123456789) for storage and the CRM; null when it does not parse. */
export function toE164(value: string, defaultCountry: CountryCode = DEFAULT_COUNTRY): string | null {
  return parse(value, defaultCountry)?.number ?? null;
}
