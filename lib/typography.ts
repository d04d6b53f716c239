import 'server-only';
import Typograf from 'typograf';

/**
 * Russian and US English typography: non-breaking spaces after short words, «ёлочки», dashes,
 * at most two blank lines in a row. Runs on the server while pages are pre-rendered, so visitors pay
 * nothing for it. Output is plain Unicode (no HTML entities), safe for React text and for Markdown.
 */
const typograf = new Typograf({ locale: ['ru', 'en-US'], htmlEntity: { type: 'default' } });
// Two blank lines are three line breaks in a row.
typograf.setSetting('common/space/delRepeatN', 'maxConsecutiveLineBreaks', 3);

export function typography(text: string): string {
  return typograf.execute(text);
}
