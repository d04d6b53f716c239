/**
 * The visitor's country for the phone field's default: a public IP-geolocation service,
 * asked once a session (cached in sessionStorage under `country_code`), aborted after 7 s, RU on any
 * failure. Free of libraries: the phone field imports it, nothing on page load does.
 */

export const DEFAULT_COUNTRY_CODE = 'RU';
export const COUNTRY_STORAGE_KEY = 'country_code';
export const GEO_TIMEOUT_MS = 7000;
export const GEO_URL = process.env.NEXT_PUBLIC_GEO_URL || 'https://ipapi.co/json/';

export interface DetectCountryOptions {
  url?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  log?: (message: string) => void;
}

let inFlight: Promise<string> | null = null;

/** The visitor's country code (upper case, two letters); one request per page however many fields ask. */
export function detectCountry(options: DetectCountryOptions = {}): Promise<string> {
  const storage = options.storage === undefined ? sessionStorageOrNull() : options.storage;
  const cached = readCached(storage);
  if (cached) return Promise.resolve(cached);
  inFlight ??= lookUpCountry(options, storage).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function lookUpCountry(options: DetectCountryOptions, storage: Pick<Storage, 'getItem' | 'setItem'> | null): Promise<string> {
  const log = options.log ?? ((message: string) => console.warn(message));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? GEO_TIMEOUT_MS);
  try {
    const response = await (options.fetch ?? fetch)(options.url ?? GEO_URL, { signal: controller.signal, credentials: 'omit' });
    if (!response.ok) {
      log('Network response was not ok');
      return DEFAULT_COUNTRY_CODE;
    }
    const data: unknown = await response.json();
    const country = countryOf(data);
    if (!country) return DEFAULT_COUNTRY_CODE;
    try {
      storage?.setItem(COUNTRY_STORAGE_KEY, country);
    } catch {
      // Storage blocked: the answer still serves this page.
    }
    return country;
  } catch (error) {
    if (controller.signal.aborted) log('Request timed out');
    else log(error instanceof Error ? error.message : String(error));
    return DEFAULT_COUNTRY_CODE;
  } finally {
    clearTimeout(timer);
  }
}

/** ipapi.co answers `country`; other services say `country_code` or `countryCode`. */
function countryOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  const value = record.country ?? record.country_code ?? record.countryCode;
  return typeof value === 'string' && /^[a-z]{2}$/i.test(value.trim()) ? value.trim().toUpperCase() : null;
}

function readCached(storage: Pick<Storage, 'getItem'> | null): string | null {
  try {
    const value = storage?.getItem(COUNTRY_STORAGE_KEY);
    return value && /^[A-Z]{2}$/.test(value) ? value : null;
  } catch {
    return null;
  }
}

function sessionStorageOrNull(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
