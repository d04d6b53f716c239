import fs from 'node:fs';
import path from 'node:path';

/**
 * One everyday edit for each row of the "Чтобы изменить X, правьте Y" table of docs/marketing.md, as the
 * marketing team would make it, applied to a copy of the repository (tests/system/readme-edits.test.ts).
 * `row` is the table's first column, word for word: a new row without an edit here fails that test.
 */
export interface ReadmeEdit {
  row: string;
  /**
   * Changes files under `root` (a copy) and returns the values it replaced (an old text, an old price), which
   * no test may hold a copy of; throws when its anchor is gone, so an edit never silently does nothing.
   */
  apply(root: string): string[];
}

/** Replaces the `occurrence`-th (from 1) match of `pattern` in a file of the copy; returns the text it replaced. */
function replaceIn(root: string, file: string, pattern: RegExp, replacement: (match: string, ...groups: string[]) => string, occurrence = 1): string {
  const full = path.join(root, file);
  const text = fs.readFileSync(full, 'utf8');
  let seen = 0;
  let replaced = '';
  const changed = text.replace(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`), (match: string, ...groups: unknown[]) => {
    seen += 1;
    if (seen !== occurrence) return match;
    replaced = match;
    return replacement(match, ...(groups as string[]));
  });
  if (seen < occurrence || changed === text)
    throw new Error(`${file}: nothing matched ${pattern} (occurrence ${occurrence}); the edit of the marketing table needs a new anchor`);
  fs.writeFileSync(full, changed);
  return replaced;
}

/** The texts between quotes of a replaced piece of code: what a test would have copied. */
const quoted = (code: string): string[] => [...code.matchAll(/'((?:[^'\\]|\\.)*)'/g)].map(([, text]) => text!);

/** `key: '…'` (the string may start on the next line) -> `key: 'value'`; returns the old string. */
function setString(root: string, file: string, key: string, value: string, occurrence = 1): string[] {
  return quoted(replaceIn(root, file, new RegExp(`(\\b${key}:\\s*)'(?:[^'\\\\]|\\\\.)*'`), (_match, prefix) => `${prefix}'${value}'`, occurrence));
}

/** Copies a Markdown file under a new name with a new title (a new article or story). */
function copyMarkdown(root: string, from: string, to: string, title: string): string[] {
  const text = fs.readFileSync(path.join(root, from), 'utf8');
  const changed = text.replace(/^title: .*$/m, `title: "${title}"`);
  if (changed === text) throw new Error(`${from}: no title line`);
  fs.writeFileSync(path.join(root, to), changed);
  return [];
}

export const readmeEdits: readonly ReadmeEdit[] = [
  {
    row: 'цены курса',
    // The first tariff of the first profession (no gift offer repeats it).
    apply: (root) => [
      replaceIn(root, 'content/courses/professions.ts', /\bprice: (\d+)/, (_match, price) => `price: ${Number(price) + 100}`).replace('price: ', ''),
    ],
  },
  {
    row: 'тексты курса',
    apply: (root) => [
      ...setString(root, 'content/courses/skills.ts', 'summary', 'Новое описание курса: глубже в язык, с задачами с настоящих собеседований.'),
      ...setString(root, 'content/courses/skills.ts', 'question', 'Сколько длится курс и когда старт?'),
      ...setString(root, 'content/courses/skills.ts', 'heading', 'Запишитесь на ближайший поток'),
    ],
  },
  {
    row: 'посадочная страница кампании',
    // The example of docs/marketing.md, in the course junior-js: it adds a landing and replaces nothing.
    apply: (root) => {
      replaceIn(
        root,
        'content/courses/professions.ts',
        /(slug: 'junior-js',[\s\S]*?variants: \[)/,
        (_match, head) =>
          `${head}
      {
        id: 'spring-vk',
        purpose: 'Весенняя кампания во ВКонтакте',
        hero: {
          headline: 'Весенний поток Junior: первая работа во фронтенде',
          lead: 'Наставник с первого дня и разбор резюме в подарок.',
          cta: 'Забронировать место',
          priceLine: '{цена от} до 1 апреля',
        },
        leadForm: {
          heading: 'Забронируйте место в весеннем потоке',
          description: 'Оставьте заявку — менеджер перезвонит и закрепит цену.',
        },
      },`,
      );
      return [];
    },
  },
  {
    row: 'поп-апы: тексты, страницы, задержка, вкл/выкл, даты',
    // Changed in the console, not in a file: e2e/popup-console.spec.ts covers it.
    apply: () => [],
  },
  {
    row: 'новый поп-ап, его картинка или форма',
    // Pages: one more page for the frameworks promo (the pages the school fixed are pinned by content/spec-conformance.test.ts).
    apply: (root) => {
      replaceIn(root, 'content/popups.ts', /'\/products\/advanced-js',\n/, (match) => `${match}      '/products/html-css',\n`);
      return [];
    },
  },
  {
    row: 'подарки',
    apply: (root) =>
      setString(
        root,
        'content/gift-offers.ts',
        'description',
        'Полный доступ к\u00a0курсу на\u00a0год, проверка домашних заданий наставником и\u00a0разбор вашего резюме перед первым откликом.',
      ),
  },
  {
    row: 'тексты страницы акции с подарками',
    apply: (root) => [
      ...setString(root, 'content/gift-promotion.ts', 'kicker', 'Новогодняя акция школы'),
      ...setString(root, 'content/gift-promotion.ts', 'stepsHeading', 'Как получить подарок'),
    ],
  },
  {
    row: 'мероприятия',
    apply: (root) => setString(root, 'content/events.ts', 'summary', 'Зимний квест для тех, кто учит фронтенд: задачи каждый день и призы для самых упорных.'),
  },
  {
    row: 'статьи медиа',
    apply: (root) =>
      copyMarkdown(root, 'content/media/vscode-setup.md', 'content/media/vscode-extensions.md', 'Расширения VS Code, которые стоит поставить первыми'),
  },
  {
    row: 'истории студентов',
    apply: (root) =>
      copyMarkdown(root, 'content/stories/teacher-to-frontend.md', 'content/stories/teacher-to-react.md', 'Из учителя во фронтенд: вторая попытка'),
  },
  {
    row: 'роадмапы',
    apply: (root) => {
      const file = path.join(root, 'content/roadmaps/frontend/javascript/event-loop.md');
      fs.appendFileSync(file, '\n## Что почитать дальше\n\nПопробуйте объяснить цикл событий другу: это лучшая проверка, что вы его поняли.\n');
      return [];
    },
  },
  {
    row: 'категории медиа и историй',
    apply: (root) => setString(root, 'content/media/categories.ts', 'label', 'Карьера и работа'),
  },
  {
    row: 'люди (авторы, страница «О школе»)',
    apply: (root) =>
      quoted(replaceIn(root, 'content/staff.ts', /'Основатель и генеральный директор школы'/, () => "'Основатель школы и её генеральный директор'")),
  },
  {
    row: 'телефон, почта, мессенджеры, часы работы и обратного звонка, юридические ссылки',
    apply: (root) => [
      ...quoted(
        replaceIn(
          root,
          'content/site.ts',
          /phone: \{ display: '[^']*', href: '[^']*' \}/,
          () => "phone: { display: '+7 800 555-35-35', href: 'tel:+78005553535' }",
        ),
      ),
      ...quoted(replaceIn(root, 'content/site.ts', /supportEmail: '[^']*'/, () => "supportEmail: 'help@frontend-start.ru'")),
      ...quoted(
        replaceIn(
          root,
          'content/site.ts',
          /const callTime = \{ opens: '10:00', closes: '19:00' \}/,
          () => "const callTime = { opens: '09:00', closes: '18:00' }",
        ),
      ),
    ],
  },
  {
    row: 'главная, «О школе», документы, приветственные страницы',
    apply: (root) => setString(root, 'content/pages/home.ts', 'lead', 'Учим фронтенду с нуля до первой работы: наставник, проекты и помощь с резюме.'),
  },
];

/** The first column of the "Чтобы изменить X, правьте Y" table of docs/marketing.md. */
export function marketingTableRows(markdown: string): string[] {
  const section = markdown.split('## Чтобы изменить X, правьте Y')[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| что изменить') && !line.startsWith('|---'))
    .map((line) => line.split('|')[1]!.trim());
}
