import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEntries } from '@/content/shared/schema';
import { vacancies, vacancySchema } from './cooperation';
import { legalDocuments } from './docs';
import { aboutInfoPage, home, topLevelPageAt, topLevelPages, topLevelPath, welcomeInfoPages } from './index';
import { infoPageSchema } from './schema';

const welcomePaths = ['/edu-frontend', '/edu-about', '/edu-about-program', '/eduprogramm', '/edu-spravka', '/edu-internet'];
const studyPaths = ['/study-developer-program', '/study-developer-program-start', '/study-developer-start'];

describe('static pages', () => {
  it('has every welcome page and the study-developer pages', () => {
    for (const pagePath of [...welcomePaths, ...studyPaths]) expect(topLevelPageAt(pagePath)?.kind, pagePath).toBe('info');
  });

  it('serves the /frontend-developer-{variant} pages from the top-level route', () => {
    const variants = topLevelPages.filter((target) => target.kind === 'course');
    expect(variants.length).toBeGreaterThan(0);
    for (const target of variants) expect(topLevelPath(target)).toMatch(/^\/frontend-developer-[a-z0-9-]+$/);
  });

  it('never claims a top-level path that a folder of app/(site) serves', () => {
    const folders = fs
      .readdirSync(path.join(process.cwd(), 'app', '(site)'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('['))
      .map((entry) => `/${entry.name}`);
    expect(folders).toContain('/products');
    for (const target of topLevelPages) expect(folders, topLevelPath(target)).not.toContain(topLevelPath(target));
  });

  it('lists the legal documents under the anchors the forms and footer link to', () => {
    expect(legalDocuments.map((document) => document.id)).toEqual(expect.arrayContaining(['privacy', 'terms', 'offer']));
  });

  it('lists vacancies with a salary range in roubles', () => {
    expect(vacancies.length).toBeGreaterThanOrEqual(3);
    for (const vacancy of vacancies) if (vacancy.salary.to !== undefined) expect(vacancy.salary.to).toBeGreaterThan(vacancy.salary.from);
  });

  it('links the home page to both roadmaps, the stories and the media', () => {
    expect(home.roadmaps.items.map((item) => item.href)).toEqual(['/roadmap/frontend', '/roadmap/react']);
    expect(home.reading.items.map((item) => item.href)).toEqual(['/personal-stories', '/media']);
  });

  it('ships every image the pages name', () => {
    const images = [aboutInfoPage, ...welcomeInfoPages].flatMap((page) => [
      ...(page.image ? [page.image.src] : []),
      ...page.sections.flatMap((section) => (section.kind === 'people' ? section.people.map((person) => person.image.src) : [])),
    ]);
    expect(images.length).toBeGreaterThan(6);
    for (const src of images) expect(fs.existsSync(path.join(process.cwd(), 'public', src)), src).toBe(true);
  });
});

describe('page validation', () => {
  it('names the page and field of a broken entry', () => {
    const broken = structuredClone(welcomeInfoPages[0]!) as Record<string, unknown>;
    broken.sections = [
      { kind: 'text', heading: 'Заголовок', paragraphs: [] },
      { kind: 'unknown', heading: 'X' },
    ];
    const source = { file: 'content/pages/welcome.ts', kind: 'страница' };
    expect(() => parseEntries(source, infoPageSchema, [broken])).toThrow(
      'content/pages/welcome.ts, страница «/edu-frontend», раздел 1, поле «абзацы» (paragraphs): нужно не меньше 1 элемента; сейчас 0 элементов',
    );
    expect(() => parseEntries(source, infoPageSchema, [broken])).toThrow('страница «/edu-frontend», раздел 2, поле «вид» (kind)');
  });

  it('rejects a salary range that runs backwards', () => {
    const broken = { ...structuredClone(vacancies[0]!), salary: { from: 100000, to: 50000 } };
    expect(() => parseEntries({ file: 'content/pages/cooperation.ts', kind: 'вакансия' }, vacancySchema, [broken])).toThrow(
      'вакансия «react-mentor», зарплата (salary), поле «до» (to): верхняя граница зарплаты (to) должна быть выше нижней (from)',
    );
  });
});
