/**
 * start-claim and manage-claim: the seven quick-quote steps, one at a time, every answer kept in the flow
 * store. manage-claim?step=N opens step N (the review page's Edit links); its Next returns to the review
 * once every step is complete again. start-claim?mode=quote starts a cash quote.
 */
import { lazy, Suspense, useEffect, useRef, useState, type SubmitEvent } from 'react';
import { ApiError } from '../../lib/api/client.ts';
import { autoChosenParts, FLOW_PATHS, firstIncomplete, skipsStep, STEP_COUNT, stepProgress } from '../../lib/claim/flow.ts';
import { MESSAGES, messageOf, rules } from '../../lib/claim/validation.ts';
import { api } from '../../stores/api.ts';
import { $claimFlow, $claimProgress, $claimStage, resetClaimFlow, updateClaim } from '../../stores/claim.ts';
import { TextField, useForm } from './fields.tsx';
import { ClaimPage, focusField, Loading, Nav, type Ctx, type StepProps } from './ui.tsx';

// Steps 2-7 load with their own code (docs/decisions/005: the first screen loads only step 1's); they are
// fetched as soon as the first step shows, so moving on does not wait for them.
const loadVehicle = () => import('./steps/VehicleStep.tsx');
const loadDamage = () => import('./steps/DamageSteps.tsx');
const loadParts = () => import('./steps/PartSteps.tsx');
const loadQuote = () => import('./steps/QuoteStep.tsx');
// The QuickQuote contracts: step 1 needs them once a ZIP is typed.
const loadContracts = () => import('../../lib/api/quick-quote.ts');
const STEPS = [
  LocationStep,
  lazy(loadVehicle),
  lazy(() => loadDamage().then((m) => ({ default: m.DamageStep }))),
  lazy(() => loadDamage().then((m) => ({ default: m.QuestionsStep }))),
  lazy(() => loadParts().then((m) => ({ default: m.PartsStep }))),
  lazy(() => loadParts().then((m) => ({ default: m.PropertyStep }))),
  lazy(loadQuote),
];

export default function QuoteSteps() {
  useState(() => {
    // The user menu's 'Get a quote' opens start-claim?mode=quote: a new cash quote unless one is under way.
    if (new URLSearchParams(location.search).get('mode') === 'quote' && $claimFlow.get().mode !== 'quote') resetClaimFlow('quote');
  });
  return <ClaimPage stage={1}>{(page) => <Steps page={page} />}</ClaimPage>;
}

function Steps({ page }: { page: Ctx }) {
  const { t, flow } = page;
  const [{ review, initial }] = useState(() => {
    const params = new URLSearchParams(location.search);
    const review = location.pathname.startsWith(FLOW_PATHS.manage) && params.has('step');
    const f = $claimFlow.get();
    // A step opens only when the ones before it are complete.
    let n = Math.min(Math.max(Math.trunc(review ? Number(params.get('step')) || 1 : f.step), 1), firstIncomplete(f) ?? STEP_COUNT);
    while (n > 1 && skipsStep(f, n)) n--;
    return { review, initial: n };
  });
  const [step, setStep] = useState(initial);
  const [dir, setDir] = useState<1 | -1>(1);
  const [busy, setBusy] = useState(false);
  // The step shown has loaded (its heading, fields and Next check are on screen).
  const [ready, setReady] = useState(false);
  const form = useForm(page, messageOf);
  const next = useRef<StepProps['next']['current']>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const formElement = useRef<HTMLFormElement>(null);
  // The dashboard's quick start brought a ZIP and maybe a VIN: steps 1 and 2 check them and move on; a problem stops there with its message.
  useEffect(() => {
    const g = $claimFlow.get();
    if (!ready || !g.AutoStart || step > 2) return;
    if (step === 2) updateClaim({ AutoStart: false });
    if (step === 1 || g.Vin) formElement.current?.requestSubmit();
  }, [ready, step]);

  useEffect(() => {
    $claimProgress.set(stepProgress(step));
    $claimStage.set(step);
  }, [step]);
  /** A step has loaded: Next works, and after a step change the focus goes to its heading. */
  const onShown = () => {
    setReady(true);
    if (moved.current) heading.current?.focus();
  };
  useEffect(() => {
    const warm = () => [loadContracts, loadVehicle, loadDamage, loadParts, loadQuote].forEach((load) => void load().catch(() => undefined));
    const id = setTimeout(warm, 300);
    return () => clearTimeout(id);
  }, []);

  const go = (n: number, d: 1 | -1) => {
    moved.current = true;
    next.current = null;
    setReady(false);
    form.all([]);
    setDir(d);
    setStep(n);
    updateClaim({ step: n });
  };
  /** Page-set navigation 0 (next): the following step, the policyholder quote after step 7, or back to the review. */
  const forward = (from: number) => {
    let g = $claimFlow.get();
    let n = from + 1;
    // A group with a single piece has it chosen on the way to step 5; steps with nothing to ask are passed over.
    if (n <= 5) {
      updateClaim({ ChosenParts: autoChosenParts(g) });
      g = $claimFlow.get();
    }
    while (n < STEP_COUNT && skipsStep(g, n)) n++;
    if (review) {
      const open = firstIncomplete(g, n);
      if (open === null) return location.assign(FLOW_PATHS.review);
      n = open;
    } else if (n > STEP_COUNT) {
      return location.assign(FLOW_PATHS.quote);
    }
    go(n, 1);
  };
  /** Page-set navigation -1 (previous). */
  const back = () => {
    let n = step - 1;
    while (n > 1 && skipsStep($claimFlow.get(), n)) n--;
    if (n < 1) return location.assign(FLOW_PATHS.review);
    go(n, -1);
  };
  const onNext = async (e: SubmitEvent) => {
    e.preventDefault();
    if (busy || !ready || !next.current) return;
    setBusy(true);
    let ok: boolean;
    try {
      ok = await (next.current?.() ?? true);
    } catch {
      ok = false;
    } finally {
      setBusy(false);
    }
    if (ok) forward(step);
  };
  const skip = () => (dir === 1 ? forward(step) : back());

  const Step = STEPS[step - 1]!;
  return (
    <>
      <h1>{flow.mode === 'quote' ? t('claim.quoteTitle') : t('claim.claimTitle')}</h1>
      <form ref={formElement} className="flow-step card" noValidate onSubmit={(e) => void onNext(e)} aria-labelledby="step-heading" data-step={step}>
        {/* Heading and fields show together, once the step's code has loaded. */}
        <Suspense fallback={<Loading t={t} />}>
          <h2 id="step-heading" ref={heading} tabIndex={-1}>
            <span className="flow-step__count">
              {t('claim.stepOf', { n: step, total: STEP_COUNT })}
              {/* Read as 'Step 3 of 7: Vehicle damage'; not shown. */}
              <span className="flow-step__colon">:</span>
            </span>{' '}
            {t.dynamic(`claim.steps.${step}`, '')}
          </h2>
          <p className="muted flow-step__note">{t('claim.requiredNote')}</p>
          <Step key={step} page={page} form={form} next={next} skip={skip} />
          <Shown key={`shown-${step}`} onShown={onShown} />
        </Suspense>
        <Nav t={t} onBack={step > 1 || review ? back : undefined} busy={busy || !ready} />
      </form>
    </>
  );
}

/** Tells the container that the step it renders beside has mounted (Suspense shows them together). */
function Shown({ onShown }: { onShown: () => void }) {
  // Once per step: `Shown` is keyed by the step.
  useEffect(() => onShown(), []); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}

/** Step 1: the policyholder's ZIP; its city and state, and whether a shop serves it. */
function LocationStep({ page, form, next }: StepProps) {
  const { t, flow } = page;
  const [zip, setZip] = useState(flow.ZipCode);
  const [checking, setChecking] = useState(false);
  // The lookup's verdict on a ZIP (unknown, not serviced), kept so that leaving the field does not clear it.
  const [verdict, setVerdict] = useState<{ zip: string; message: string | null } | null>(null);
  const pending = useRef<{ zip: string; done: Promise<void> } | null>(null);

  const lookup = (raw: string): Promise<void> => {
    const v = raw.trim();
    const cur = $claimFlow.get();
    if (rules.zip(v) || (v === cur.ZipCode && cur.IsServiced !== null)) return Promise.resolve();
    if (pending.current?.zip === v) return pending.current.done;
    const done = (async () => {
      setChecking(true);
      let message: string | null;
      try {
        const { GetCityAddress, ValidateProviderService } = await loadContracts();
        const city = await api.call(GetCityAddress, { ZipCode: v });
        const service = await api.call(ValidateProviderService, { ZipCode: v });
        if (pending.current?.zip !== v) return;
        const g = $claimFlow.get();
        updateClaim({
          ZipCode: v,
          City: city.City,
          State: city.State,
          IsServiced: service.IsServiced,
          ServiceRadiusMiles: service.ServiceRadiusMiles,
          ClosestShopMiles: service.ClosestShopMiles,
          Quote: null,
          // The shops near the policyholder depend on the ZIP.
          appointment: { ...g.appointment, ShopId: '', ShopName: '' },
          appointmentDone: g.appointmentDone && !g.appointment.ShopId,
        });
        message = service.IsServiced ? null : notServiced(t, v, service.ServiceRadiusMiles, service.ClosestShopMiles);
      } catch (err) {
        if (pending.current?.zip !== v) return;
        updateClaim({ ZipCode: v, City: '', State: '', IsServiced: null, Quote: null });
        message = err instanceof ApiError && err.status === 400 ? MESSAGES.zipUnknown : t('claim.loadFailed');
      }
      pending.current = null;
      setChecking(false);
      setVerdict({ zip: v, message });
      form.set('zip', message);
    })();
    pending.current = { zip: v, done };
    return done;
  };

  const rule = (v: string) => rules.zip(v) ?? (verdict?.zip === v.trim() ? verdict.message : null);
  next.current = async () => {
    const v = zip.trim();
    const err = rules.zip(v);
    if (err) return form.all([['zip', err]]);
    await lookup(v);
    const g = $claimFlow.get();
    if (g.ZipCode !== v || !g.City) {
      // The lookup's message (unknown ZIP, or a failure) is under the field.
      focusField('zip');
      return false;
    }
    if (!g.IsServiced) return form.all([['zip', notServiced(t, v, g.ServiceRadiusMiles ?? 0, g.ClosestShopMiles)]]);
    return true;
  };

  const known = flow.City !== '' && flow.ZipCode === zip.trim();
  return (
    <>
      <TextField
        form={form}
        id="zip"
        label={t('claim.zip')}
        hint={t('claim.zipHint')}
        req
        value={zip}
        rule={rule}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={10}
        onChange={(v) => {
          setZip(v);
          if (!rules.zip(v)) void lookup(v);
        }}
      />
      <div className="flow-zip" role="status" id="zip-status">
        {checking ? (
          <p className="muted">{t('claim.checkingZip')}</p>
        ) : (
          known && (
            <p>
              <strong>{t('claim.cityState')}:</strong> <span data-testid="city-state">{`${flow.City}, ${flow.State}`}</span>
              {flow.IsServiced && <span className="flow-ok"> · {t('claim.serviced')}</span>}
            </p>
          )
        )}
      </div>
    </>
  );
}

/** The refusal of a ZIP no shop serves, with the closest shop's distance when there is one. */
function notServiced(t: Ctx['t'], zip: string, radius: number, closest: number | null): string {
  return closest === null
    ? t('claim.notServiced', { zip, radius })
    : t('claim.notServicedClosest', { zip, radius, closest: Math.round(closest) });
}
