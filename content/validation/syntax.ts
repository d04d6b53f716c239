import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { ContentProblem } from './problems';

/**
 * The content files' syntax, read before any of them is imported: a missing comma, bracket or quote is
 * reported in Russian with the file and the line, instead of the framework's English compile error.
 * Only the parser runs (no type check), so it takes a few milliseconds a file.
 */
export function contentSyntaxProblems(contentRoot: string, repositoryRoot = path.dirname(contentRoot)): ContentProblem[] {
  return contentSourceFiles(contentRoot).flatMap((file) =>
    syntaxProblems(path.relative(repositoryRoot, file).split(path.sep).join('/'), fs.readFileSync(file, 'utf8')),
  );
}

/** The problems of one file's text, `file` as it is named in the messages. */
export function syntaxProblems(file: string, text: string): ContentProblem[] {
  const { diagnostics = [] } = ts.transpileModule(text, {
    fileName: file,
    reportDiagnostics: true,
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, jsx: ts.JsxEmit.Preserve },
  });
  // The first error explains the rest: after a missing bracket the parser reports every following line.
  const first = diagnostics.find((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error && diagnostic.start !== undefined);
  if (!first) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);
  const { line, character } = source.getLineAndCharacterOfPosition(first.start!);
  return [{ file, field: `строка ${line + 1}, символ ${character + 1}`, message: describe(first) }];
}

function describe(diagnostic: ts.Diagnostic): string {
  const english = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
  const expected = /^'(.+)' expected\.$/.exec(english)?.[1];
  const tail = '; исправьте и запустите проверку снова';
  if (diagnostic.code === 1002 || diagnostic.code === 1160) {
    return `строка не закрыта кавычкой: текст в кавычках должен кончаться той же кавычкой (' или "), что и начинается, на той же строке${tail}`;
  }
  if (expected === ',') return `пропущена запятая: между полями и между элементами списка ставится запятая (скорее всего, в конце предыдущей строки)${tail}`;
  if (expected === ']') return `не закрыта квадратная скобка: у списка [ … ] нужна закрывающая ]${tail}`;
  if (expected === '}') return `не закрыта фигурная скобка: у записи { … } нужна закрывающая }${tail}`;
  if (expected === ')') return `не закрыта круглая скобка: нужна закрывающая )${tail}`;
  if (diagnostic.code === 1137)
    return `не закрыта скобка или пропущена запятая: у списка [ … ] нужна закрывающая ], у вызова ( … ) — закрывающая ), между элементами — запятая${tail}`;
  if (diagnostic.code === 1136) return `внутри записи { … } здесь ждали поле (имя: значение): не закрыта фигурная скобка } или стоит лишний знак${tail}`;
  if (expected === ':') return `после имени поля нужно двоеточие: title: 'Текст'${tail}`;
  return `ошибка в записи файла — лишний или пропущенный знак (запятая, скобка, кавычка) здесь или в конце предыдущей строки (TypeScript: ${english})${tail}`;
}

function contentSourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return contentSourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}
