import { AsYouType, getCountries, getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/**
 * The pure side of the phone field: the form value is the number in international format
 * (`+7 912 345 67 89`, or '' while no digit is typed); the input shows only what follows the country's
 * calling code, which the visitor cannot edit.
 */

export type { CountryCode };

export function callingCodePrefix(country: CountryCode): string {
  return `+${getCountryCallingCode(country)}`;
}

export function toCountryCode(code: string | null | undefined, fallback: CountryCode): CountryCode {
  const upper = code?.toUpperCase();
  return upper && isSupportedCountry(upper) ? upper : fallback;
}

/** The country a value in international format belongs to, if it names one. */
export function countryOfValue(value: string): CountryCode | undefined {
  if (!value.startsWith('+')) return undefined;
  const typer = new AsYouType();
  typer.input(value);
  return typer.getCountry();
}

/** The part of the value after the calling code, as the input shows it. */
export function nationalPart(value: string, country: CountryCode): string {
  const prefix = callingCodePrefix(country);
  return value.startsWith(prefix) ? value.slice(prefix.length).trimStart() : '';
}

/** What the visitor typed (or pasted, or the browser autofilled) into the input -> the field's value. */
export function phoneFromInput(input: string, country: CountryCode): { value: string; country: CountryCode } {
  const text = input.trim();
  if (text.startsWith('+')) {
    // A whole international number (autofill, paste): it names its own country.
    const typer = new AsYouType();
    const formatted = typer.input(text);
    const detected = typer.getCountry();
    const callingCode = typer.getCallingCode();
    if (detected) return { value: formatted, country: detected };
    if (callingCode === getCountryCallingCode(country)) return { value: formatted, country };
  }
  let digits = text.replace(/\D/g, '');
  // A national spelling with its trunk prefix (8 912 345-67-89 in Russia) becomes the bare national number.
  const national = parsePhoneNumberFromString(digits, country);
  if (national?.isValid() && national.countryCallingCode === getCountryCallingCode(country)) digits = national.nationalNumber;
  return { value: withCountry(digits, country), country };
}

/** The national digits of `value` under a newly chosen country. */
export function switchCountry(value: string, from: CountryCode, to: CountryCode): string {
  return withCountry(nationalPart(value, from).replace(/\D/g, ''), to);
}

function withCountry(nationalDigits: string, country: CountryCode): string {
  if (!nationalDigits) return '';
  return new AsYouType(country).input(`${callingCodePrefix(country)}${nationalDigits}`);
}

export interface CountryOption {
  code: CountryCode;
  name: string;
  callingCode: string;
}

let countryOptions: CountryOption[] | null = null;

/** Every country libphonenumber knows, named in Russian and sorted the Russian way. */
export function getCountryOptions(): CountryOption[] {
  if (countryOptions) return countryOptions;
  const names = new Intl.DisplayNames(['ru'], { type: 'region' });
  countryOptions = getCountries()
    .map((code) => ({ code, name: names.of(code) ?? code, callingCode: getCountryCallingCode(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'ru'));
  return countryOptions;
}
