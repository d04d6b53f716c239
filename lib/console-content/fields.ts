import { z } from '@/lib/validation/zod';
import { formatMoscowDateTime, parseMoscowDateTime } from '@/lib/popups/edit-check';

/**
 * The fields of an article and an event as the console's forms send them («Статьи», «События»), read with
 * zod in the browser and on the server alike; what the stored version holds (server/repositories/
 * content-versions.ts `fields`). The content's own rules (content/collections/schemas.ts, content/events.ts
 * `eventSchema`) are checked after these, on the server, on what the site would show.
 */

/** Characters no text may hold; a line break and a tab are text in a Markdown body. */
const unsafe = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `Заполните поле «${label}»`)
    .max(max, `«${label}»: не длиннее ${max} символов`)
    .refine((value) => !unsafe.test(value), `«${label}»: в тексте есть невидимые служебные символы — наберите его заново`);

/** An address segment: /media/{slug}, /events/{slug}. */
export const slugField = z
  .string()
  .trim()
  .min(1, 'Заполните поле «Адрес страницы»')
  .max(80, '«Адрес страницы»: не длиннее 80 символов')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, '«Адрес страницы»: только строчные латинские буквы и цифры, слова через один дефис (например, first-job)');

/** A cover the console uploaded (GET /api/content-images/{id}), with its size after re-encoding. */
export const coverSchema = z.object({ id: z.int().positive(), width: z.int().positive(), height: z.int().positive() });
export type Cover = z.infer<typeof coverSchema>;

export const articleFieldsSchema = z.object({
  title: text('Заголовок', 120),
  lead: text('Лид', 220),
  body: text('Текст', 100_000),
  category: z.string().trim().min(1, 'Выберите рубрику'),
  author: z.string().trim().min(1, 'Выберите автора'),
  cover: coverSchema.nullable().default(null),
});
export type ArticleFields = z.infer<typeof articleFieldsSchema>;

export const eventFieldsSchema = z.object({
  title: text('Название', 120),
  /** When the event starts, epoch ms. */
  startsAt: z.int(),
  place: text('Место или ссылка', 200),
  description: text('Описание', 2000),
  formHeading: text('Заголовок формы регистрации', 120),
  formText: text('Текст у формы регистрации', 300),
  buttonLabel: text('Надпись на кнопке', 60),
  cover: coverSchema.nullable().default(null),
});
export type EventFields = z.infer<typeof eventFieldsSchema>;

/** `/api/content-images/{id}`: where a stored cover is served. */
export function coverPath(id: number): string {
  return `/api/content-images/${id}`;
}

/** «2026-12-20T19:00» (datetime-local, Moscow) → epoch ms, or null. */
export const parseMoscowInput = parseMoscowDateTime;
export const moscowInput = formatMoscowDateTime;

/** The first Russian message of a zod error per field, in the order the form shows its fields. */
export function fieldProblems(error: z.ZodError): { field: string; message: string }[] {
  const seen = new Set<string>();
  const problems: { field: string; message: string }[] = [];
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (seen.has(field)) continue;
    seen.add(field);
    problems.push({ field, message: issue.message });
  }
  return problems;
}
