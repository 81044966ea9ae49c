/**
 * Ten recovery codes shown once (issue 14: two-step sign-in), with copy and download: after turning two-step
 * sign-in on (manage-account or the sign-in step) and after getting new codes. Its words come from the `mfa`
 * namespace, which the caller has loaded.
 */
import { useEffect, useRef } from 'react';
import type { Translator } from '../../lib/i18n.ts';
import { showAlert } from '../../stores/alerts.ts';

export default function RecoveryCodes({ codes, email, t, doneLabel, onDone }: {
  codes: string[];
  email: string;
  t: Translator<'mfa' | 'messages' | 'common'>;
  doneLabel: string;
  onDone: () => void;
}) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);
  const text = `${t('mfa.fileIntro', { email })}\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      showAlert('success', t('mfa.copied'));
    } catch {
      /* no clipboard: the codes stay on screen and can be downloaded */
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = t('mfa.fileName');
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="mfa-codes" data-testid="recovery-codes">
      <h3 ref={titleRef} tabIndex={-1}>
        {t('mfa.codesTitle')}
      </h3>
      <p>{t('mfa.codesIntro')}</p>
      <ol className="mfa-codes__list">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="order-actions">
        <button type="button" className="btn btn--secondary" onClick={() => void copy()}>
          {t('mfa.copy')}
        </button>
        <button type="button" className="btn btn--secondary" onClick={download}>
          {t('mfa.download')}
        </button>
        <button type="button" className="btn btn--primary" onClick={onDone}>
          {doneLabel}
        </button>
      </div>
    </div>
  );
}
