'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from '@/lib/validation/zod';
import { consoleMediaArticle } from '@/content/collections/load';
import { mediaCategories } from '@/content/media/categories';
import { staff } from '@/content/staff';
import { answered } from '@/server/admin/action-steps';
import { operatorAction } from '@/server/admin/operator-action';
import { liveArticle } from '@/server/live-content/publications';
import { refreshLiveContent } from '@/server/live-content/live';
import type { ContentKind } from '@/server/repositories/content-entries';
import { articleFieldsSchema, fieldProblems } from '@/lib/console-content/fields';
import { checkContentForm, type SaveIntent } from './content-check';
import type { ContentFormValues, FieldProblem } from './content-types';

/** What the form shows after a refused save: the typed values stay, the problems beside their fields. */
export interface ContentFormState {
  values: ContentFormValues;
  problems: FieldProblem[];
}

/** «Предпросмотр» of the text: the body as the article's page renders it, or what stops it. */
export interface BodyPreview {
  html: string | null;
  problems: FieldProblem[];
}

const kind = z.enum(['article', 'event']);
const intent = z.enum(['draft', 'now', 'at']).catch('draft');
/** Every field as typed; the kind and the button pressed apart. */
const contentForm = z
  .record(z.string(), z.union([z.string(), z.array(z.string())]))
  .transform((raw) => Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, Array.isArray(value) ? (value[0] ?? '') : value])))
  .pipe(z.object({ kind, intent }).catchall(z.string()))
  .transform(({ kind: entryKind, intent: pressed, ...values }) => ({ kind: entryKind as ContentKind, intent: pressed as SaveIntent, values }));

const sectionPath = (entryKind: ContentKind) => (entryKind === 'article' ? '/admin/articles' : '/admin/events');

/** After a change: this instance reads what is in effect again, the console's lists are drawn anew. */
async function afterChange(entryKind: ContentKind) {
  await refreshLiveContent();
  revalidatePath(sectionPath(entryKind));
  revalidatePath('/admin/publications');
}

/**
 * «Сохранить черновик», «Опубликовать сейчас», «Опубликовать …»: checked as the content check checks the
 * files, then stored as a new version (a draft, or published now or at the chosen moment); audited.
 */
export const saveContentAction = operatorAction({
  input: contentForm,
  invalid: (): ContentFormState => ({ values: {}, problems: [{ field: '', message: 'Форма пришла неполной: обновите страницу и попробуйте снова' }] }),
  async prepare({ kind: entryKind, intent: pressed, values }, { runtime, now }) {
    const checked = await checkContentForm(entryKind, values, pressed, { repos: runtime.repos, now });
    if ('problems' in checked) return answered<ContentFormState>({ values, problems: checked.problems });
    return checked;
  },
  write: (checked, trx, { runtime, email, now }) =>
    runtime.repos.contentVersions.add(
      { kind: checked.kind, slug: checked.slug, fields: checked.fields, status: checked.status, publishAt: checked.publishAt, operator: email },
      now,
      trx,
    ),
  audit: (version, checked) => ({
    action: 'content_save',
    subject: `${checked.kind}:${checked.slug}`,
    details: { kind: checked.kind, title: checked.title, version: version.id, status: checked.status, publishAt: checked.publishAt },
  }),
  async answer(version, checked): Promise<ContentFormState> {
    await afterChange(checked.kind);
    redirect(`${sectionPath(checked.kind)}/${checked.slug}?saved=${version.id}`);
  },
});

/** «Вернуть эту версию»: the chosen version's fields published again, now, as a new version; audited. */
export const restoreContentAction = operatorAction({
  input: z.object({ kind, slug: z.string(), target: z.coerce.number().int().positive().optional().catch(undefined) }),
  async prepare({ kind: entryKind, slug, target }, { runtime }) {
    const version = target === undefined ? undefined : await runtime.repos.contentVersions.get(target);
    if (!version || version.kind !== entryKind || version.slug !== slug) redirect(`${sectionPath(entryKind)}/${encodeURIComponent(slug)}?restore=refused`);
    return version;
  },
  write: (version, trx, { runtime, email, now }) =>
    runtime.repos.contentVersions.add(
      { kind: version.kind, slug: version.slug, fields: version.fields, status: 'published', publishAt: now, operator: email, restoredFrom: version.id },
      now,
      trx,
    ),
  audit: (restored, version) => ({
    action: 'content_restore',
    subject: `${version.kind}:${version.slug}`,
    details: { kind: version.kind, title: String(version.fields.title ?? ''), version: restored.id, restoredFrom: version.id },
  }),
  async answer(restored, version) {
    await afterChange(version.kind);
    redirect(`${sectionPath(version.kind)}/${version.slug}?restored=${restored.id}`);
  },
});

/** «Предпросмотр» of an article's text: its Markdown rendered as on the page, or the problems. Stores nothing. */
export const previewBodyAction = operatorAction({
  input: contentForm,
  invalid: (): BodyPreview => ({ html: null, problems: [] }),
  async prepare({ values }, { now }): Promise<BodyPreview> {
    const body = articleFieldsSchema.shape.body.safeParse(values.body ?? '');
    if (!body.success) return { html: null, problems: fieldProblems(body.error).map((problem) => ({ ...problem, field: 'body' })) };
    // The text alone is previewed: the other fields are the first of their lists, whatever the form holds yet.
    const fields = { title: 'Предпросмотр', lead: 'Предпросмотр', body: body.data, category: mediaCategories[0].slug, author: staff[0]!.slug, cover: null };
    const built = consoleMediaArticle(liveArticle('preview', fields, now, now));
    if ('problems' in built) return { html: null, problems: built.problems.map((problem) => ({ field: 'body', message: problem.message })) };
    return { html: built.article.html, problems: [] };
  },
  answer: (_nothing, preview) => preview,
});
