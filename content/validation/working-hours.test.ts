/**
 * One set of working hours for the visitor. The support line's hours (`contacts.workHours`, 10:00-20:00)
 * are the only ones a page calls «рабочее время» or «Работаем»; the call-back window (`contacts.callTime`,
 * 10:00-19:00) is always worded as when a manager calls («позвонит с 10:00 до 19:00 по московскому
 * времени»). A text that joins the two («позвонит в рабочее время: 10:00-19:00») would show a visitor two
 * different working days, so every text a visitor may read is checked here, line by line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contacts } from '@/content/site';

const visitorTextRoots = ['app', 'components', 'content', 'features', 'lib'];
// The console is the team's, not the visitor's: its alert settings have working hours of their own.
const isVisitorText = (file: string) => /\.(tsx?|md|mdx)$/.test(file) && !/\.(test|spec)\.tsx?$/.test(file) && !/(^|\/)(admin|console[^/]*)\//.test(file);

function visitorTextFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return visitorTextFiles(full);
    return isVisitorText(full) ? [full] : [];
  });
}

const lines = visitorTextRoots.flatMap((root) =>
  visitorTextFiles(root).flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .map((text, index) => ({ where: `${file}:${index + 1}`, text })),
  ),
);
const workingHoursWords = /рабочее время|рабочего времени|[Рр]аботаем/;
const callWindow = /callTime|callHoursPhrase/;

describe('one set of working hours for the visitor', () => {
  it('the texts it checks are there: the footer, the forms and the gift promotion', () => {
    expect(lines.filter(({ text }) => /contacts\.workTime|contacts\.workHours/.test(text)).length).toBeGreaterThan(3);
    expect(lines.filter(({ text }) => callWindow.test(text)).length).toBeGreaterThan(3);
  });

  it('the call-back window is never called working hours', () => {
    expect(lines.filter(({ text }) => callWindow.test(text) && workingHoursWords.test(text)).map(({ where }) => where)).toEqual([]);
    expect(contacts.callHoursPhrase).not.toMatch(workingHoursWords);
  });

  it('a text that names working hours shows the support line’s, from content/site.ts, never a time written by hand', () => {
    const handWritten = lines.filter(({ text }) => workingHoursWords.test(text) && /\d{1,2}:\d{2}/.test(text) && !text.trim().startsWith('*'));
    expect(handWritten.map(({ where, text }) => `${where} ${text.trim()}`)).toEqual([]);
  });
});
