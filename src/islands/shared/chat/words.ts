/**
 * The chat's words (issue 18): the `chat` namespace, with `common` and `messages`, loaded by the chat's own chunk
 * instead of a loader entry in src/lib/i18n/translate.ts (each entry there ships on every signed-in page). The
 * dictionary modules are the same files the translator loads, so nothing is fetched twice.
 */
import { useEffect, useState } from 'react';
import type { Dictionary, Lang, Translator } from '../../../lib/i18n.ts';
import { createTranslator } from '../../../lib/i18n/translate.ts';
import commonEn from '../../../lib/i18n/en/common.ts';
import { pageLang } from '../use-t.ts';

/** The chat's translator. */
export type ChatT = Translator<'chat' | 'messages' | 'common'>;

const cache: Partial<Record<Lang, Promise<ChatT>>> = {};

/** Loads the chat's words in a language (once). */
export function loadChatT(lang: Lang): Promise<ChatT> {
  cache[lang] ??= Promise.all(
    lang === 'es'
      ? [import('../../../lib/i18n/es/common.ts'), import('../../../lib/i18n/es/messages.ts'), import('../../../lib/i18n/es/chat.ts')]
      : [Promise.resolve({ default: commonEn }), import('../../../lib/i18n/en/messages.ts'), import('../../../lib/i18n/en/chat.ts')],
  ).then(
    ([common, messages, chat]) =>
      createTranslator<'chat' | 'messages' | 'common'>(lang, { common: common.default as Dictionary, messages: messages.default as Dictionary, chat: chat.default as Dictionary }),
    (err: unknown) => {
      delete cache[lang];
      throw err;
    },
  );
  return cache[lang];
}

/** The page language's chat translator, or null while it loads (a failed chunk is tried again shortly). */
export function useChatT(): ChatT | null {
  const [lang] = useState(pageLang);
  const [t, setT] = useState<ChatT | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    loadChatT(lang).then(
      (loaded) => live && setT(() => loaded),
      () => live && setTimeout(() => setAttempt((n) => n + 1), 1000),
    );
    return () => {
      live = false;
    };
  }, [lang, attempt]);
  return t;
}
