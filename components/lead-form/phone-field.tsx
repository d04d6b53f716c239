'use client';

import { useEffect, useEffectEvent, useId, useRef, useState, type Ref } from 'react';
import { cn } from '@/components/ui/cn';
import { DEFAULT_COUNTRY_CODE, detectCountry } from './geolocation';
import { FieldError, fieldFrameClasses, fieldInputClasses } from './text-field';
import {
  callingCodePrefix,
  countryOfValue,
  getCountryOptions,
  nationalPart,
  phoneFromInput,
  switchCountry,
  toCountryCode,
  type CountryCode,
} from './phone-format';

export interface PhoneFieldProps {
  /** The number in international format, '' when empty (what the shared `phoneSchema` validates). */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  placeholder?: string;
  error?: string;
  /** The country before detection; the visitor's country from IP geolocation replaces it. */
  defaultCountry?: string;
  /** Ask the IP-geolocation service for the visitor's country; on by default. */
  detectVisitorCountry?: boolean;
  onCountryChange?: (country: CountryCode) => void;
  disabled?: boolean;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A phone input with a country selector: international format as you type, the calling
 * code shown before the input and not editable, the visitor's country by default. Use it with
 * react-hook-form through `useController` / `<Controller>`.
 */
export function PhoneField({
  value,
  onChange,
  onBlur,
  name = 'phone',
  placeholder = 'Телефон',
  error,
  defaultCountry = DEFAULT_COUNTRY_CODE,
  detectVisitorCountry = true,
  onCountryChange,
  disabled,
  className,
  ref,
}: PhoneFieldProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [country, setCountry] = useState<CountryCode>(() => countryOfValue(value) ?? toCountryCode(defaultCountry, 'RU'));
  const chosenByVisitor = useRef(false);

  // The visitor's own choice or a number already typed wins over the lookup.
  const applyDetectedCountry = useEffectEvent((code: string) => {
    const detected = toCountryCode(code, country);
    if (chosenByVisitor.current || value || detected === country) return;
    setCountry(detected);
    onCountryChange?.(detected);
  });

  useEffect(() => {
    if (!detectVisitorCountry) return;
    let cancelled = false;
    void detectCountry().then((code) => {
      if (!cancelled) applyDetectedCountry(code);
    });
    return () => {
      cancelled = true;
    };
  }, [detectVisitorCountry]);

  const changeCountry = (next: CountryCode) => {
    chosenByVisitor.current = true;
    setCountry(next);
    onCountryChange?.(next);
    if (value) onChange(switchCountry(value, country, next));
  };

  const changeInput = (input: string) => {
    const next = phoneFromInput(input, country);
    if (next.country !== country) {
      chosenByVisitor.current = true;
      setCountry(next.country);
      onCountryChange?.(next.country);
    }
    onChange(next.value);
  };

  const options = getCountryOptions();
  const selected = options.find((option) => option.code === country);

  return (
    <div className={cn(fieldFrameClasses(!!error), className)}>
      <div className="relative flex h-14 shrink-0 items-center gap-1 pl-4 pr-1">
        {/* The ISO code rather than a flag emoji: Windows and many Linux systems have no flag glyphs. */}
        <span aria-hidden="true" className="text-sm font-semibold text-gray-700">
          {country}
        </span>
        <svg aria-hidden="true" viewBox="0 0 12 12" className="size-3 text-gray-500">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
        {/* The native select sits invisibly over the code: keyboard, screen readers and phones get the real control. */}
        <select
          aria-label={`Страна: ${selected?.name ?? country}`}
          value={country}
          disabled={disabled}
          onChange={(event) => changeCountry(event.target.value as CountryCode)}
          className="absolute inset-0 cursor-pointer opacity-0"
        >
          {options.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name} (+{option.callingCode})
            </option>
          ))}
        </select>
      </div>
      <span aria-hidden="true" className="shrink-0 pl-1 text-base text-ink">
        {callingCodePrefix(country)}
      </span>
      <label htmlFor={inputId} className="sr-only">
        {placeholder}
      </label>
      <input
        ref={ref}
        id={inputId}
        name={name}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={placeholder}
        value={nationalPart(value, country)}
        onChange={(event) => changeInput(event.target.value)}
        onBlur={onBlur}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn(fieldInputClasses, 'pl-2', error && 'pb-3')}
      />
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
