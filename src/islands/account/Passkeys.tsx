/**
 * manage-account's "Passkeys" (issue 14): the user's passkeys (name, created, last used), adding one (an
 * optional name; the browser asks the authenticator, with user verification), renaming and removing one
 * (after a confirmation). A chunk of its own that ManageAccount loads lazily; @simplewebauthn/browser is loaded
 * only when a passkey is added. A browser without WebAuthn is told so, and may still rename and remove.
 * Calls: src/lib/api/passkeys.ts; docs/decisions/022-passkeys.md.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { ApiError, replyOf } from '../../lib/api/client.ts';
import { DeletePasskey, FinishPasskeyRegistration, GetPasskeys, RenamePasskey, StartPasskeyRegistration, type Passkey } from '../../lib/api/passkeys.ts';
import type { Key, ServerMessage, Translator } from '../../lib/i18n.ts';
import { showAlert } from '../../stores/alerts.ts';
import { api } from '../../stores/api.ts';
import { withWaiting } from '../../stores/waiting.ts';
import ConfirmDialog from '../shared/ConfirmDialog.tsx';
import { CallView } from '../shared/PageState.tsx';
import { useCall } from '../shared/use-call.ts';
import { useT } from '../shared/use-t.ts';

type Words = Translator<'passkeys' | 'messages' | 'common'>;
/** Something to say: a key, or a server reply. */
type Said = { key: Key<'passkeys' | 'messages'> } | { reply: ServerMessage };
const say = (t: Words, said: Said) => ('key' in said ? t(said.key) : t.message(said.reply));

/** True when the browser has WebAuthn (a secure context with PublicKeyCredential). */
const webAuthnAvailable = () => typeof window !== 'undefined' && window.isSecureContext && typeof window.PublicKeyCredential === 'function' && !!navigator.credentials;

/** What a failed call says: the server's reason for a 4xx, else the generic error. */
const saidOf = (err: unknown): Said =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 ? { reply: replyOf(err) } : { key: 'messages.genericError' };

const MAX_NAME = 60;
/** The name's problem as the server would say it, or null. */
const nameProblem = (name: string, required: boolean): Said | null =>
  required && !name.trim() ? { key: 'passkeys.nameRequired' } : name.trim().length > MAX_NAME ? { key: 'passkeys.nameTooLong' } : null;

/** The Passkeys section. */
export default function Passkeys() {
  const t = useT('passkeys', 'messages');
  const call = useCall('passkeys', () => api.call(GetPasskeys, {}));
  const [list, setList] = useState<Passkey[] | null>(null);
  if (!t) return null;
  const items = list ?? call.data;
  return (
    <section className="card order-section" aria-labelledby="passkeys-title" data-testid="passkeys">
      <h2 id="passkeys-title">{t('passkeys.title')}</h2>
      <p className="muted">{t('passkeys.intro')}</p>
      <CallView call={call} loadingText={t('passkeys.loading')} failedText={t('passkeys.loadFailed')}>
        {() => <PasskeyList items={items ?? []} t={t} onChange={setList} />}
      </CallView>
    </section>
  );
}

function PasskeyList({ items, t, onChange }: { items: Passkey[]; t: Words; onChange: (next: Passkey[]) => void }) {
  const [supported] = useState(webAuthnAvailable);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(t.lang === 'es' ? 'es-US' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  // Where focus goes once the list has rendered after a change (the row's button, or the name field).
  const [focusTarget, focusLater] = useState<string | null>(null);
  useEffect(() => {
    if (!focusTarget) return;
    document.getElementById(focusTarget)?.focus();
    focusLater(null);
  }, [focusTarget, items, renaming, removing]);

  const remove = async (p: Passkey) => {
    setRemoving(null);
    try {
      onChange(await withWaiting(() => api.call(DeletePasskey, { Id: p.Id }, { ignoreErrors: true })));
      showAlert('success', t('passkeys.removed'));
      focusLater('passkey-name');
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401)) showAlert('warning', say(t, saidOf(err)));
    }
  };

  return (
    <>
      {items.length === 0 ? (
        <p className="muted" data-testid="passkeys-empty">
          {t('passkeys.empty')}
        </p>
      ) : (
        <ul className="account-agencies passkey-list" aria-label={t('passkeys.listLabel')}>
          {items.map((p) => (
            <li key={p.Id} className="account-agency" data-testid="passkey">
              <h3 className="account-agency__name">{p.Name}</h3>
              <dl className="details">
                <dt>{t('passkeys.created')}</dt>
                <dd>{when(p.CreatedAt)}</dd>
                <dt>{t('passkeys.lastUsed')}</dt>
                <dd>{p.LastUsedAt ? when(p.LastUsedAt) : t('passkeys.never')}</dd>
              </dl>
              {renaming === p.Id ? (
                <RenameForm
                  passkey={p}
                  t={t}
                  onDone={(renamed) => {
                    setRenaming(null);
                    if (renamed) {
                      onChange(items.map((x) => (x.Id === renamed.Id ? renamed : x)));
                      showAlert('success', t('passkeys.renamed'));
                    }
                    focusLater(`passkey-rename-${p.Id}`);
                  }}
                />
              ) : (
                <div className="account-agency__actions">
                  <button
                    id={`passkey-rename-${p.Id}`}
                    type="button"
                    className="btn btn--secondary"
                    aria-label={`${t('passkeys.rename')}: ${p.Name}`}
                    onClick={() => setRenaming(p.Id)}
                  >
                    {t('passkeys.rename')}
                  </button>
                  <button
                    id={`passkey-remove-${p.Id}`}
                    type="button"
                    className="btn btn--secondary"
                    aria-label={`${t('passkeys.remove')}: ${p.Name}`}
                    onClick={() => setRemoving(p)}
                  >
                    {t('passkeys.remove')}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {supported ? (
        <AddForm t={t} onAdded={(p) => onChange([...items, p])} />
      ) : (
        <p className="notice" role="status" data-testid="passkeys-unsupported">
          {t('passkeys.unsupported')}
        </p>
      )}
      {removing && (
        <RemoveDialog
          passkey={removing}
          t={t}
          onConfirm={() => void remove(removing)}
          onCancel={() => {
            setRemoving(null);
            focusLater(`passkey-remove-${removing.Id}`);
          }}
        />
      )}
    </>
  );
}

/** Adding a passkey: an optional name, then the browser's own dialog. */
function AddForm({ t, onAdded }: { t: Words; onAdded: (p: Passkey) => void }) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Said | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const add = async (e: SubmitEvent) => {
    e.preventDefault();
    if (busy) return;
    const invalid = nameProblem(name, false);
    setProblem(invalid);
    if (invalid) {
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const [lib, options] = await Promise.all([import('@simplewebauthn/browser'), api.call(StartPasskeyRegistration, {}, { ignoreErrors: true })]);
      let response;
      try {
        response = await lib.startRegistration({ optionsJSON: options });
      } catch (err) {
        const name = err instanceof Error ? err.name : '';
        // The browser refused the portal's RP id here: the Spanish host in development (docs/decisions/022).
        const code = (err as { code?: string } | null)?.code ?? '';
        setProblem(
          name === 'NotAllowedError' || name === 'AbortError'
            ? { key: 'passkeys.addCancelled' }
            : name === 'SecurityError' || code === 'ERROR_INVALID_RP_ID' || code === 'ERROR_INVALID_DOMAIN'
              ? { key: 'passkeys.wrongHost' }
              : { key: 'messages.passkeyRegistrationFailed' },
        );
        return;
      }
      const added = await api.call(FinishPasskeyRegistration, { ...(name.trim() ? { Name: name.trim() } : {}), Response: response }, { ignoreErrors: true });
      onAdded(added);
      setName('');
      showAlert('success', t('passkeys.added'));
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401)) setProblem(saidOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="passkey-add" noValidate onSubmit={(e) => void add(e)}>
      <div className="field">
        <label htmlFor="passkey-name">{t('passkeys.newName')}</label>
        <p id="passkey-name-hint" className="field__hint">
          {t('passkeys.newNameHint')}
        </p>
        {problem && (
          <p id="passkey-name-error" className="field__error" role="alert" data-testid="passkey-add-error">
            {say(t, problem)}
          </p>
        )}
        <input
          ref={inputRef}
          id="passkey-name"
          type="text"
          autoComplete="off"
          maxLength={MAX_NAME + 20}
          value={name}
          aria-invalid={problem && 'key' in problem && problem.key.startsWith('passkeys.name') ? true : undefined}
          aria-describedby={problem ? 'passkey-name-hint passkey-name-error' : 'passkey-name-hint'}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn--secondary" disabled={busy} aria-busy={busy}>
        {busy ? t('passkeys.adding') : t('passkeys.add')}
      </button>
    </form>
  );
}

/** Renaming one passkey in its row: Enter saves, Escape or Cancel leaves it as it was. */
function RenameForm({ passkey, t, onDone }: { passkey: Passkey; t: Words; onDone: (renamed: Passkey | null) => void }) {
  const [name, setName] = useState(passkey.Name);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Said | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = `passkey-rename-input-${passkey.Id}`;
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const save = async (e: SubmitEvent) => {
    e.preventDefault();
    const invalid = nameProblem(name, true);
    setProblem(invalid);
    if (invalid) {
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      onDone(await api.call(RenamePasskey, { Id: passkey.Id, Name: name.trim() }, { ignoreErrors: true }));
    } catch (err) {
      setBusy(false);
      if (!(err instanceof ApiError && err.status === 401)) setProblem(saidOf(err));
    }
  };

  return (
    <form
      className="passkey-add passkey-rename"
      noValidate
      onSubmit={(e) => void save(e)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onDone(null);
        }
      }}
    >
      <div className="field">
        <label htmlFor={id}>{t('passkeys.renameLabel', { name: passkey.Name })}</label>
        {problem && (
          <p id={`${id}-error`} className="field__error" role="alert">
            {say(t, problem)}
          </p>
        )}
        <input
          ref={inputRef}
          id={id}
          type="text"
          autoComplete="off"
          maxLength={MAX_NAME + 20}
          value={name}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className="account-agency__actions">
        <button type="submit" className="btn btn--secondary" disabled={busy} aria-busy={busy}>
          {t('passkeys.save')}
        </button>
        <button type="button" className="btn btn--tertiary" onClick={() => onDone(null)}>
          {t('passkeys.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The confirmation before a passkey is removed; focus starts on keeping it. */
function RemoveDialog({ passkey, t, onConfirm, onCancel }: { passkey: Passkey; t: Words; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog
      title={t('passkeys.removeTitle', { name: passkey.Name })}
      text={t('passkeys.removeText')}
      confirmLabel={t('passkeys.removeConfirm')}
      cancelLabel={t('passkeys.removeKeep')}
      tone="destructive"
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
