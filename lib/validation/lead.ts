import { boolean, object, string, type infer as Infer, type ZodError, type ZodString } from '@/lib/validation/zod';
import type { FieldError } from '@/lib/api-contract';
import { EMAIL_MAX_LENGTH, extraFieldMessages, fieldMessages, NAME_MAX_LENGTH } from './messages';
import { isAcceptablePhone } from './phone';
import { hasUnsafeCharacters } from './text';

/**
 * The zod schemas shared by the browser forms and the API. Every lead form has the same
 * fields and rules, so one schema serves them all; the server re-validates every request with it, so a
 * browser check can never be the only one.
 */

// Letters and combining marks of any script, apostrophes (straight and typographic), hyphen, spaces.
const namePattern = /^[\p{L}\p{M}'’\- ]+$/u;
// The practical e-mail shape: one @, no spaces, a dot in the domain, no leading or trailing dot.
const emailPattern = /^(?!\.)[^\s@"(),:;<>[\\\]]+(?<!\.)@(?!-)[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.[\p{L}]{2,}$/u;

// abort: an empty field shows only 'Обязательное', not the format error behind it.
const required = (schema: ZodString) => schema.min(1, { error: fieldMessages.required, abort: true });
// abort: a control character or a lone surrogate (lib/validation/text.ts) is the field's one error.
const plainText = (schema: ZodString, message: string) => schema.refine((value) => !hasUnsafeCharacters(value), { error: message, abort: true });

export const fullNameSchema = plainText(required(string({ error: fieldMessages.required }).trim()), fieldMessages.nameInvalid)
  .regex(namePattern, fieldMessages.nameInvalid)
  .max(NAME_MAX_LENGTH, fieldMessages.nameTooLong);

export const emailSchema = plainText(required(string({ error: fieldMessages.required }).trim()), fieldMessages.emailInvalid)
  .max(EMAIL_MAX_LENGTH, fieldMessages.emailTooLong)
  .regex(emailPattern, fieldMessages.emailInvalid);

export const phoneSchema = plainText(required(string({ error: fieldMessages.required }).trim()), fieldMessages.phoneInvalid).refine(
  (value) => isAcceptablePhone(value),
  fieldMessages.phoneInvalid,
);

/** The values of every lead form of the site. */
export const leadFormSchema = object({
  fullName: fullNameSchema,
  email: emailSchema,
  phone: phoneSchema,
});
export type LeadFormValues = Infer<typeof leadFormSchema>;

const text = (max: number, message: string) => plainText(string().trim(), message).max(max);

const utmValueSchema = text(200, extraFieldMessages.utmInvalid).optional();
const utmSchema = object({
  source: utmValueSchema,
  medium: utmValueSchema,
  campaign: utmValueSchema,
  content: utmValueSchema,
  term: utmValueSchema,
  id: utmValueSchema,
});

const idSchema = text(100, extraFieldMessages.idInvalid);
const clientIdSchema = idSchema.nullish();

/** Analytics client ids from the `_ga` and `_ym_uid` cookies. */
const clientIdsSchema = object({ googleClientId: clientIdSchema, yandexClientId: clientIdSchema });

/** Body of POST /api/getcourse/orders plus our optional extras. */
export const leadRequestSchema = object({
  extra: object({
    utm: utmSchema.default({}),
    page_path: text(500, extraFieldMessages.pagePathInvalid).default('/'),
    variant_id: idSchema.optional(),
    block_id: idSchema.optional(),
    /** Optional: stored with the lead and sent with its deal (the `/api/getcourse/ids` call stores nothing). */
    ids: clientIdsSchema.optional(),
  }).default({ utm: {}, page_path: '/' }),
  form: object({ id: plainText(required(string({ error: fieldMessages.required }).trim()), extraFieldMessages.unknownForm).max(100) }),
  contacts: object({ name: fullNameSchema, email: emailSchema, phone: phoneSchema }),
  /** Honeypot: hidden from people; anything in it marks the request as spam. */
  website: string().max(500).optional(),
  /** Set by native forms whose browser already posted the lead to GetCourse itself. */
  browser_delivered: boolean().optional(),
});
export type LeadRequest = Infer<typeof leadRequestSchema>;

/** Body of POST /api/getcourse/ids. */
export const idsRequestSchema = object({
  email: emailSchema,
  ids: clientIdsSchema,
  website: string().max(500).optional(),
});

/** Field errors as the API returns them (lib/api-contract.ts). */
export function fieldErrors(error: ZodError): FieldError[] {
  return error.issues.map((issue) => ({ code: issue.code, path: issue.path.join('.'), message: issue.message }));
}
