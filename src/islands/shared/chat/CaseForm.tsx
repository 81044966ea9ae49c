/**
 * The web-to-case form (issue 18): offered when nobody at the Agency Care Desk is available (and after a chat).
 * Subject and description, checked here and by the server (its field errors show under each field); a clear
 * confirmation with the case number.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, replyOf } from '../../../lib/api/client.ts';
import { CreateChatCase } from '../../../lib/api/chat.ts';
import { track } from '../../../lib/track-event.ts';
import { api } from '../../../stores/api.ts';
import { Field } from '../Field.tsx';
import type { ChatT } from './words.ts';

type Errors = { subject?: string | undefined; description?: string | undefined; form?: string | undefined };

export default function CaseForm({ t, chatId }: { t: ChatT; chatId?: number | undefined }) {
  const [subject, setSubject] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<number | null>(null);
  const subjectRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  // The confirmation takes focus (the form it replaces had it).
  useEffect(() => {
    if (done !== null) doneRef.current?.focus();
  }, [done]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: Errors = {
      subject: subject.trim() ? undefined : t('chat.case.subjectRequired'),
      description: description.trim() ? undefined : t('chat.case.descriptionRequired'),
    };
    setErrors(local);
    if (local.subject || local.description) {
      (local.subject ? subjectRef : descriptionRef).current?.focus();
      return;
    }
    setBusy(true);
    try {
      const r = await api.call(CreateChatCase, { subject: subject.trim(), description: description.trim(), ...(chatId ? { chatId } : {}) }, { ignoreErrors: true });
      track('Chat', 'Case created');
      setDone(r.caseId);
      setSubject('');
      setDescription('');
    } catch (err) {
      // The server's field errors under their fields (path 'subject' / 'description'); anything else above the form.
      const reply = err instanceof ApiError ? replyOf(err) : null;
      const next: Errors = {};
      for (const fe of (reply?.errors ?? []) as (ReturnType<typeof replyOf> & { path?: string })[]) {
        const path = (fe.path ?? '').toLowerCase();
        if (path.includes('subject')) next.subject ??= t.message(fe);
        else if (path.includes('description')) next.description ??= t.message(fe);
      }
      if (!next.subject && !next.description) next.form = reply ? t.message(reply) : t('common.loadFailed');
      setErrors(next);
      if (next.subject) subjectRef.current?.focus();
      else if (next.description) descriptionRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  if (done !== null)
    return (
      <div className="chat-case">
        <p ref={doneRef} tabIndex={-1} className="chat-case__done" role="status" data-testid="chat-case-done">
          {t('chat.case.done', { caseId: done })}
        </p>
        <button type="button" className="btn btn--link" onClick={() => setDone(null)}>
          {t('chat.case.another')}
        </button>
      </div>
    );
  return (
    <form className="chat-case" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="chat-case-title">
      <h3 id="chat-case-title">{t('chat.case.title')}</h3>
      <p className="muted">{t('chat.case.intro')}</p>
      {errors.form && (
        <p className="field__error" role="alert">
          {errors.form}
        </p>
      )}
      <Field id="chat-case-subject" label={t('chat.case.subject')} marker={t('chat.case.required')} markerClass="req" error={errors.subject}>
        {(aria) => <input {...aria} ref={subjectRef} type="text" maxLength={200} value={subject} onChange={(e) => setSubject(e.target.value)} />}
      </Field>
      <Field id="chat-case-description" label={t('chat.case.description')} marker={t('chat.case.required')} markerClass="req" error={errors.description}>
        {(aria) => <textarea {...aria} ref={descriptionRef} rows={4} maxLength={2000} value={description} onChange={(e) => setDescription(e.target.value)} />}
      </Field>
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {busy ? t('chat.case.sending') : t('chat.case.submit')}
      </button>
    </form>
  );
}
