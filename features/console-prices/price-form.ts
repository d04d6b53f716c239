import { z } from '@/lib/validation/zod';

/**
 * The «Цены» form of one course, read alike in the browser (before it posts) and by the server action
 * (whatever was posted): every tariff's «Цена», «Зачёркнутая цена» and «Месяцев» as whole numbers (spaces
 * between thousands allowed), and «Действует с» (a `datetime-local`, Moscow time; empty: at once). The
 * rules between the figures (a struck-out price above the price, months of an instalment) are the content
 * check's (content/validation/course-prices.ts), which the server runs next.
 */

/** One tariff's figures as the form posts them: `tariffs.0.price`, `tariffs.0.oldPrice`, `tariffs.0.months`. */
export const priceFieldName = (tariff: number, field: PriceField) => `tariffs.${tariff}.${field}`;

export type PriceField = 'price' | 'oldPrice' | 'months';

/** The form's labels, which the refusals repeat. */
export const priceFieldLabels: Record<PriceField, string> = { price: 'Цена', oldPrice: 'Зачёркнутая цена', months: 'Месяцев' };

const digits = z
  .string()
  .default('')
  .transform((text) => text.replace(/[\s\u00a0\u202f]/g, ''))
  .refine((text) => /^\d{0,9}$/.test(text), 'нужно целое число рублей, только цифры (без копеек, букв и знаков)');

export const priceFormSchema = z.object({
  course: z.string().trim().min(1),
  effectiveFrom: z.string().trim().default(''),
  tariffs: z
    .array(
      z.object({
        price: digits.refine((text) => text !== '', 'не заполнено').transform(Number),
        oldPrice: digits.transform((text) => (text === '' ? undefined : Number(text))),
        months: digits.refine((text) => /^\d{0,2}$/.test(text), 'нужно целое число месяцев').transform((text) => (text === '' ? undefined : Number(text))),
      }),
    )
    .min(1)
    .max(4),
});
export type PriceForm = z.output<typeof priceFormSchema>;

/** A problem of the form beside its tariff's field (or above the form when `tariff` is null), in Russian. */
export interface PriceFormProblem {
  tariff: number | null;
  field: PriceField | null;
  message: string;
}

/** The posted fields (`tariffs.N.field` flattened, as FormData has them) read into the form, or its problems, each naming its tariff and field. */
export function readPriceForm(
  fields: Readonly<Record<string, unknown>>,
  tariffNames: readonly string[],
): { form: PriceForm } | { problems: PriceFormProblem[] } {
  const tariffs: Record<string, unknown>[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const match = /^tariffs\.(\d)\.(price|oldPrice|months)$/.exec(name);
    if (match) (tariffs[Number(match[1])] ??= {})[match[2]!] = value;
  }
  const parsed = priceFormSchema.safeParse({
    course: fields.course,
    effectiveFrom: fields.effectiveFrom,
    tariffs: Array.from(tariffs, (tariff) => tariff ?? {}),
  });
  if (parsed.success) return { form: parsed.data };
  return {
    problems: parsed.error.issues.map((issue) => {
      const [list, index, key] = issue.path;
      if (list !== 'tariffs' || typeof index !== 'number' || typeof key !== 'string')
        return { tariff: null, field: null, message: 'Форма пришла неполной: обновите страницу' };
      const field = key as PriceField;
      return { tariff: index, field, message: `${tariffWords(tariffNames, index)}, «${priceFieldLabels[field]}»: ${issue.message}` };
    }),
  };
}

/** `Тариф «С наставником»` (by its place when the name is unknown). */
export function tariffWords(tariffNames: readonly string[], index: number): string {
  const name = tariffNames[index];
  return name === undefined ? `Тариф ${index + 1}` : `Тариф «${name}»`;
}
