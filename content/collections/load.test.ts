import { describe, expect, it } from 'vitest';
import { markdownDoc as doc, roadmapFiles, contentTree } from '@/tests/support/content-tree';
import { datedPathsOf, loadCollections as loadOn, pathsOf } from './load';
import { ContentError, problemLine } from '../validation/problems';
import { mediaCategories } from '../media/categories';
import { storyCategories } from '../stories/categories';
import { datedCollectionPaths, findRoadmapArticle, getMedia, getRoadmaps, getStories, relatedItems } from '../collections';

const mediaFrontMatter = (category = 'career', extra = '') =>
  `title: Статья\ndescription: Описание\ncategory: ${category}\nauthor: maria-lebedeva\npublishedAt: 2025-03-14\n${extra}`;
const media = (category = 'career', extra = '') => doc(mediaFrontMatter(category, extra));

const story = (extra = '') =>
  doc(`title: История\ndescription: Как я сменил профессию\ncategory: career-change
student:
  name: Иван
  before: Бухгалтер
  after: Junior frontend-разработчик
quote: Было страшно, но получилось
course: junior-js
publishedAt: "2025-01-20"
${extra}`);

/** The fixtures' build day: every fixture date before it is published. */
const today = '2026-11-23';
const loadCollections = (root: string) => loadOn(root, { today });

/** The problems of a rejected tree, one line each as the build prints them. */
function problemsOf(root: string): string[] {
  try {
    loadCollections(root);
  } catch (error) {
    if (error instanceof ContentError) return error.problems.map(problemLine);
    throw error;
  }
  throw new Error('expected the content to be rejected');
}

describe('loadCollections', () => {
  it('loads a valid tree: orders topics and articles, sorts items newest first, lists every path', () => {
    const root = contentTree({
      ...roadmapFiles,
      'media/older.md': media('career'),
      'media/newer.md': media('tools', 'publishedAt: 2025-04-01').replace('publishedAt: 2025-03-14\n', ''),
      'stories/ivan.md': story(),
    });
    const collections = loadCollections(root);

    const [roadmap] = collections.roadmaps;
    expect(roadmap?.topics[0]?.articles.map((article) => article.alias)).toEqual(['css', 'html']);
    expect(roadmap?.topics[0]?.articles[1]?.publishedAt).toBe('2025-02-01');
    expect(collections.media.items.map((item) => item.id)).toEqual(['newer', 'older']);
    expect(collections.stories.items[0]?.publishedAt).toBe('2025-01-20');
    // A category with no items has no page.
    expect(collections.media.categories.map((category) => category.slug)).toEqual(['career', 'tools']);

    expect(pathsOf(collections).sort()).toEqual(
      [
        '/roadmap/web',
        '/roadmap/web/topic/basics',
        '/roadmap/web/article/css',
        '/roadmap/web/article/html',
        '/media',
        '/media/category/career',
        '/media/category/tools',
        '/media/newer',
        '/media/older',
        '/personal-stories',
        '/personal-stories/category/career-change',
        '/personal-stories/ivan',
      ].sort(),
    );
    // A page's date is its own last change; a list's is its newest entry's.
    const lastModified = Object.fromEntries(datedPathsOf(collections).map((page) => [page.path, page.lastModified]));
    expect(lastModified).toMatchObject({
      '/roadmap/web': '2025-02-02',
      '/roadmap/web/topic/basics': '2025-02-02',
      '/roadmap/web/article/html': '2025-02-01',
      '/media': '2025-04-01',
      '/media/category/career': '2025-03-14',
      '/media/older': '2025-03-14',
      '/personal-stories/ivan': '2025-01-20',
    });
  });

  it('names the file, the entry and the field of invalid front matter in Russian, and lists every problem at once', () => {
    const root = contentTree({
      ...roadmapFiles,
      'media/bad-category.md': media('cooking'),
      'media/no-title.md': media().replace('title: Статья\n', ''),
      'media/bad-date.md': media('career').replace('2025-03-14', '14.03.2025'),
      'media/typo.md': media('career', 'autor: Пётр'),
      'stories/no-student-name.md': story().replace('  name: Иван\n', ''),
      'stories/unknown-course.md': story().replace('course: junior-js', 'course: cooking-101'),
      'roadmaps/web/basics/no-order.md': doc('title: Без порядка\ndescription: x\npublishedAt: 2025-02-01'),
    });
    const problems = problemsOf(root);

    expect(problems).toEqual(
      expect.arrayContaining([
        'content/media/bad-category.md, статья «Статья», поле «категория» (category): нет такой категории; есть: career, javascript, tools, learning. Новая категория добавляется в content/media/categories.ts; сейчас «cooking»',
        'content/media/no-title.md, статья, поле «заголовок» (title): обязательное поле, не заполнено',
        'content/media/bad-date.md, статья «Статья», поле «дата публикации» (publishedAt): нужна дата, которая есть в календаре, в виде ГГГГ-ММ-ДД (например, 2026-12-01); сейчас «14.03.2025»',
        'content/media/typo.md, статья «Статья»: лишнее поле «autor»: такого поля нет (опечатка в названии?)',
        'content/stories/no-student-name.md, история «История», студент (student), поле «имя» (name): обязательное поле, не заполнено',
        expect.stringMatching(/^content\/stories\/unknown-course\.md, история «История», поле «курс» \(course\): нет такого курса.*; сейчас «cooking-101»$/),
        'content/roadmaps/web/basics/no-order.md, статья «Без порядка», поле «порядковый номер» (order): обязательное поле, не заполнено',
      ]),
    );
    expect(problems).toHaveLength(7);
    expect(() => loadCollections(root)).toThrow(/^Ошибки в контенте \(7\):\n {2}- content\//);
  });

  it('rejects broken YAML, bad file names, missing index.md, duplicate aliases and broken references', () => {
    const root = contentTree({
      ...roadmapFiles,
      'roadmaps/web/advanced/html.md': doc('title: Ещё HTML\ndescription: x\norder: 1\npublishedAt: 2025-02-01'),
      'media/Bad_Name.md': media(),
      'media/broken-yaml.md': '---\ntitle: [unclosed\n---\nТекст',
      'media/links.md': media('career', 'related: [missing, links]'),
      'media/category.md': media(),
      'stories/ivan.md': story(),
    });
    const problems = problemsOf(root);

    expect(problems).toEqual(
      expect.arrayContaining([
        'content/roadmaps/web/advanced: в папке нет файла index.md',
        // Topic folders are read alphabetically: "advanced" comes first.
        expect.stringMatching(/^content\/roadmaps\/web\/basics\/html\.md: имя файла «html» уже занято файлом content\/roadmaps\/web\/advanced\/html\.md/),
        expect.stringMatching(/^content\/media\/Bad_Name\.md: имя «Bad_Name» становится адресом страницы/),
        expect.stringMatching(/^content\/media\/broken-yaml\.md: шапка файла \(между строками ---\) — не YAML/),
        'content/media/links.md, статья «Статья», поле «читать также» (related): нет файла missing.md в content/media',
        'content/media/links.md, статья «Статья», поле «читать также» (related): «links» — это сам этот файл',
        expect.stringMatching(/^content\/media\/category\.md: имя файла «category» занято адресами категорий/),
      ]),
    );
  });

  it('applies the typography to bodies and titles, but never inside code', () => {
    const root = contentTree({
      ...roadmapFiles,
      'media/quotes.md': doc(
        mediaFrontMatter('javascript').replace('title: Статья', 'title: \'"Замыкания" - просто\''),
        '"Замыкание" - это функция и её окружение.\n\n```js\nconst s = "a" - 1; // -> NaN\n```\n\nСм. `a -> b`.',
      ),
    });
    const [article] = loadCollections(root).media.items;

    expect(article?.title).toBe('«Замыкания»\u00a0— просто');
    // Typograf binds short words and dashes with no-break spaces; \s matches both kinds of space.
    expect(article?.html).toMatch(/<p>«Замыкание»\s— это функция и\sеё\sокружение\.<\/p>/);
    expect(article?.html).toContain('<pre tabindex="0"><code class="language-js">const s = &quot;a&quot; - 1; // -&gt; NaN\n</code></pre>');
    expect(article?.html).toContain('<code>a -&gt; b</code>');
  });

  it('escapes raw HTML, marks external links, and refuses unsafe links, images, h1 and links to missing pages', () => {
    const safe = contentTree({
      ...roadmapFiles,
      'media/safe.md': doc(
        mediaFrontMatter(),
        'Тип Array<string> и <script>alert(1)</script>.\n\n[MDN](https://developer.mozilla.org/ru/) и [HTML](/roadmap/web/article/html#tags).',
      ),
    });
    const html = loadCollections(safe).media.items[0]?.html ?? '';
    expect(html).toContain('Array&lt;string&gt;');
    expect(html).toContain('&lt;script&gt;alert');
    expect(html).not.toContain('<script');
    expect(html).toContain('<a href="https://developer.mozilla.org/ru/" target="_blank" rel="noopener noreferrer">MDN<span class="sr-only">');
    expect(html).toContain('<a href="/roadmap/web/article/html#tags">HTML</a>');

    const unsafe = contentTree({
      ...roadmapFiles,
      'media/script-link.md': doc(mediaFrontMatter(), '[жми](javascript:alert(1))'),
      'media/image.md': doc(mediaFrontMatter(), '![схема](/images/a.png)'),
      'media/heading.md': doc(mediaFrontMatter(), '# Заголовок'),
      'media/empty.md': doc(mediaFrontMatter(), ''),
    });
    const problems = problemsOf(unsafe);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^content\/media\/script-link\.md, статья «Статья»: текст статьи: ссылка на «javascript:alert\(1\)»/),
        expect.stringMatching(/^content\/media\/image\.md, статья «Статья»: текст статьи: картинка «\/images\/a\.png»/),
        expect.stringMatching(/^content\/media\/heading\.md, статья «Статья»: текст статьи: заголовок «# …»/),
        'content/media/empty.md, статья «Статья»: текст статьи: текст пустой: под шапкой (после второй строки ---) нет ни слова',
      ]),
    );
    expect(problems).toHaveLength(4);
  });

  it('refuses links to collection pages that do not exist, once the files themselves are valid', () => {
    const deadLink = contentTree({
      ...roadmapFiles,
      'media/dead-link.md': doc(mediaFrontMatter(), 'См. [статью](/media/nowhere) и [HTML](/roadmap/web/article/html).'),
    });
    expect(problemsOf(deadLink)).toEqual([
      'content/media/dead-link.md, статья «Статья»: текст статьи: ссылка на «/media/nowhere», а такой страницы на сайте нет',
    ]);

    // A broken topic drops its articles; the links to them are not reported on top of the real problem.
    const brokenTopic = contentTree({
      ...roadmapFiles,
      'roadmaps/web/basics/index.md': doc('description: Первые шаги\norder: 1'),
      'media/link.md': doc(mediaFrontMatter(), 'См. [HTML](/roadmap/web/article/html).'),
    });
    expect(problemsOf(brokenTopic)).toEqual(['content/roadmaps/web/basics/index.md, тема, поле «заголовок» (title): обязательное поле, не заполнено']);
  });
});

describe('the site content', () => {
  it('is valid and large enough: 2+ roadmaps with topics and articles, 8+ media in 3+ categories, 6+ stories in 2+ categories', () => {
    const roadmaps = getRoadmaps();
    expect(roadmaps.map((roadmap) => roadmap.alias)).toEqual(expect.arrayContaining(['frontend', 'react']));
    for (const roadmap of roadmaps) {
      expect(roadmap.topics.length).toBeGreaterThanOrEqual(3);
      for (const topic of roadmap.topics) expect(topic.articles.length).toBeGreaterThanOrEqual(1);
    }
    expect(getMedia().items.length).toBeGreaterThanOrEqual(8);
    expect(getMedia().categories.length).toBeGreaterThanOrEqual(3);
    expect(getStories().items.length).toBeGreaterThanOrEqual(6);
    expect(getStories().categories.length).toBeGreaterThanOrEqual(2);
  });

  it('gives every roadmap stage two or more articles and an intro that lists them in reading order', () => {
    for (const roadmap of getRoadmaps()) {
      for (const topic of roadmap.topics) {
        expect(topic.articles.length, topic.path).toBeGreaterThanOrEqual(2);
        const linked = [...topic.html.matchAll(/<a href="([^"]+)"/g)].map((match) => match[1]).filter((href) => href?.includes('/article/'));
        expect(linked, `${topic.path}: the intro names the stage's articles in reading order`).toEqual(topic.articles.map((article) => article.path));
        // What the stage teaches, beyond the list: at least two paragraphs around it.
        expect(topic.html.match(/<p>/g)?.length ?? 0, topic.path).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('gives every media and story category a page with two or more items', () => {
    for (const [section, definitions] of [
      [getMedia(), mediaCategories],
      [getStories(), storyCategories],
    ] as const) {
      expect(section.categories.map((category) => category.slug)).toEqual(definitions.map((definition) => definition.slug));
      for (const category of section.categories) {
        expect(section.items.filter((item) => item.category.slug === category.slug).length, category.path).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('lists every collection page once in datedCollectionPaths(), each with a content date', () => {
    const dated = datedCollectionPaths();
    for (const page of dated) expect(page.lastModified, page.path).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const paths = dated.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(expect.arrayContaining(['/roadmap/frontend', '/roadmap/react', '/media', '/personal-stories']));
    for (const roadmap of getRoadmaps()) {
      for (const topic of roadmap.topics) {
        expect(paths).toContain(`/roadmap/${roadmap.alias}/topic/${topic.alias}`);
        for (const article of topic.articles) expect(paths).toContain(`/roadmap/${roadmap.alias}/article/${article.alias}`);
      }
    }
    for (const section of [getMedia(), getStories()]) {
      for (const category of section.categories) expect(paths).toContain(category.path);
      for (const item of section.items) expect(paths).toContain(item.path);
    }
  });

  it('links each roadmap article to its neighbours and each item to related reading', () => {
    const roadmap = getRoadmaps()[0]!;
    const readingOrder = roadmap.topics.flatMap((topic) => topic.articles);
    const second = findRoadmapArticle(roadmap.alias, readingOrder[1]!.alias);
    expect(second?.previous?.alias).toBe(readingOrder[0]!.alias);
    expect(second?.next?.alias).toBe(readingOrder[2]?.alias);
    expect(findRoadmapArticle(roadmap.alias, 'no-such-article')).toBeUndefined();

    const media = getMedia();
    for (const article of media.items) {
      const related = relatedItems(media, article);
      expect(related.length).toBeGreaterThan(0);
      expect(related.map((item) => item.id)).not.toContain(article.id);
    }
  });
});
