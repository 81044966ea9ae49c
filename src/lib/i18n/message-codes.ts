/**
 * The code of a server message: the key of the English catalogue (./en/messages.ts) whose text it is, with the
 * parameters a `{name}` template took. The server calls it for every refusal it writes, so replies carry
 * `code` and `params` beside the English `message` (the browser never needs this module).
 */
import type { Params } from '../i18n.ts';
import catalogue from './en/messages.ts';

/** A message's code and parameters. */
export interface MessageCode {
  code: string;
  params?: Params;
}

const exact = new Map<string, string>();
const templates: { code: string; pattern: RegExp }[] = [];
for (const [code, text] of Object.entries(catalogue)) {
  if (typeof text !== 'string') continue;
  if (!/\{\w+\}/.test(text)) {
    exact.set(text, code);
    continue;
  }
  const source = text
    .split(/(\{\w+\})/)
    .map((part) => (/^\{\w+\}$/.test(part) ? `(?<${part.slice(1, -1)}>.+?)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  templates.push({ code, pattern: new RegExp(`^${source}$`, 's') });
}

/** The code (and parameters) of an English server message, or undefined when the catalogue has none. */
export function messageCode(message: string): MessageCode | undefined {
  const code = exact.get(message);
  if (code) return { code };
  for (const t of templates) {
    const match = t.pattern.exec(message);
    if (match) return { code: t.code, params: { ...match.groups } };
  }
  return undefined;
}
