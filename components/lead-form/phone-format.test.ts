import { describe, expect, it } from 'vitest';
import { isAcceptablePhone } from '@/lib/validation/phone';
import { callingCodePrefix, countryOfValue, getCountryOptions, nationalPart, phoneFromInput, switchCountry, toCountryCode } from './phone-format';

describe('phoneFromInput: what the visitor types -> the international value', () => {
  it.each([
    ['9', 'RU', '+7 9', 'RU'],
    ['912345', 'RU', '+7 912 345', 'RU'],
    ['9123456789', 'RU', '+7 912 345 67 89', 'RU'],
    ['912 345-67-89', 'RU', '+7 912 345 67 89', 'RU'],
    ['8 912 345-67-89', 'RU', '+7 912 345 67 89', 'RU'], // national spelling with the trunk prefix
    ['', 'RU', '', 'RU'],
    ['  -  ', 'RU', '', 'RU'],
    ['291234567', 'BY', '+375 29 123 45 67', 'BY'],
    ['+375291234567', 'RU', '+375 29 123 45 67', 'BY'], // autofill / paste names its country
    ['+77012345678', 'RU', '+7 701 234 5678', 'KZ'],
    ['+7 912 345 67 89', 'RU', '+7 912 345 67 89', 'RU'],
  ] as const)('%j in %s -> %j (%s)', (input, country, value, nextCountry) => {
    expect(phoneFromInput(input, country)).toEqual({ value, country: nextCountry });
  });

  it('keeps letters out', () => {
    expect(phoneFromInput('9a1b2', 'RU').value).toBe('+7 912');
  });

  it('a complete typed number passes the shared schema rule', () => {
    expect(isAcceptablePhone(phoneFromInput('9123456789', 'RU').value)).toBe(true);
    expect(isAcceptablePhone(phoneFromInput('9876543210', 'RU').value)).toBe(false);
  });
});

describe('the calling code is not part of what the visitor edits', () => {
  it('shows only what follows the code', () => {
    expect(nationalPart('+7 912 345 67 89', 'RU')).toBe('912 345 67 89');
    expect(nationalPart('', 'RU')).toBe('');
    expect(nationalPart('+375 29 123', 'RU')).toBe('');
    expect(callingCodePrefix('RU')).toBe('+7');
    expect(callingCodePrefix('BY')).toBe('+375');
  });

  it('keeps the national digits when the country changes', () => {
    expect(switchCountry('+7 291 234 567', 'RU', 'BY')).toBe('+375 29 123 45 67');
    expect(switchCountry('', 'RU', 'BY')).toBe('');
  });

  it('knows the country of a value', () => {
    expect(countryOfValue('+375 29 123 45 67')).toBe('BY');
    expect(countryOfValue('912')).toBeUndefined();
  });
});

describe('countries', () => {
  it('are named in Russian and sorted the Russian way', () => {
    const options = getCountryOptions();
    expect(options.length).toBeGreaterThan(200);
    expect(options.find((o) => o.code === 'RU')).toEqual({ code: 'RU', name: 'Россия', callingCode: '7' });
    expect(options.find((o) => o.code === 'DE')?.name).toBe('Германия');
    const names = options.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'ru')));
  });

  it('falls back for unknown codes', () => {
    expect(toCountryCode('by', 'RU')).toBe('BY');
    expect(toCountryCode('XX', 'RU')).toBe('RU');
    expect(toCountryCode(null, 'RU')).toBe('RU');
  });
});
