/**
 * Characters no text a lead carries may hold: the control characters (C0, NUL included, DEL and C1),
 * the bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069: they turn text around
 * where a manager reads it) and lone surrogates (half of a character outside the basic plane). PostgreSQL
 * refuses NUL in text and SQLite keeps it, and SQLite writes a lone surrogate as invalid UTF-8: refused,
 * both databases store the same and no lead reaches a failed insert. Free of any library, so the always-
 * loaded UTM recorder can clean what it collects with it.
 */
const unsafeCharacter = /[\p{Cc}\u202A-\u202E\u2066-\u2069\p{Cs}]/u;
const unsafeCharacters = new RegExp(unsafeCharacter.source, 'gu');

export function hasUnsafeCharacters(text: string): boolean {
  return unsafeCharacter.test(text);
}

/**
 * `text` cut to `maxLength` UTF-16 units (the schemas' limit) without those characters, a half of a pair
 * cut at the end included: what the browser sends of values it did not type (UTM tags, cookies).
 */
export function safeText(text: string, maxLength: number): string {
  return text.slice(0, maxLength).replace(unsafeCharacters, '');
}
