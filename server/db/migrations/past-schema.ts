import type { Kysely } from 'kysely';

/**
 * The database as a migration sees it: the schema as it was when the migration was written. Today's
 * `Database` type (schema.ts) cannot type it, since a migration must never change when the schema moves
 * on, so its tables are untyped; Kysely's migration guide types them `Kysely<any>`. This is the one place
 * that says so: migrations (and tests that build an old schema) take a `PastSchema`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: an old migration cannot be typed by today's schema
export type PastSchema = Kysely<any>;
