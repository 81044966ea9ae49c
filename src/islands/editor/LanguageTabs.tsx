import { useRef, type KeyboardEvent } from 'react';
import type { ServerMessage } from '../../lib/i18n.ts';
import type { EditorT } from './shared.ts';
import { CONTENT_LANGS, errorCountIn, openTab, type ContentLang } from './store.ts';

/** The language tabs (arrow keys, Home and End move between them), each with its count of field errors. */
export default function LanguageTabs({ tab, fieldErrors, t }: { tab: ContentLang; fieldErrors: Record<string, ServerMessage>; t: EditorT }) {
  const tabRefs = useRef<Record<ContentLang, HTMLButtonElement | null>>({ en: null, es: null });
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, lang: ContentLang) => {
    const index = CONTENT_LANGS.indexOf(lang);
    let next: ContentLang | undefined;
    if (event.key === 'ArrowRight') next = CONTENT_LANGS[(index + 1) % CONTENT_LANGS.length];
    else if (event.key === 'ArrowLeft') next = CONTENT_LANGS[(index - 1 + CONTENT_LANGS.length) % CONTENT_LANGS.length];
    else if (event.key === 'Home') next = CONTENT_LANGS[0];
    else if (event.key === 'End') next = CONTENT_LANGS[CONTENT_LANGS.length - 1];
    if (!next) return;
    event.preventDefault();
    openTab(next);
    tabRefs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={t('editor.form.languages')} className="tabs">
      {CONTENT_LANGS.map((lang) => {
        const errorCount = errorCountIn(fieldErrors, lang);
        return (
          <button
            key={lang}
            type="button"
            role="tab"
            id={`tab-${lang}`}
            aria-selected={tab === lang}
            aria-controls={`panel-${lang}`}
            tabIndex={tab === lang ? 0 : -1}
            className="tabs__tab"
            ref={(element) => {
              tabRefs.current[lang] = element;
            }}
            onClick={() => openTab(lang)}
            onKeyDown={(event) => onTabKey(event, lang)}
          >
            {t(`editor.langs.${lang}`)}
            {errorCount > 0 && <span className="tabs__errors"> ({t.plural('editor.form.errorsIn', errorCount)})</span>}
          </button>
        );
      })}
    </div>
  );
}
