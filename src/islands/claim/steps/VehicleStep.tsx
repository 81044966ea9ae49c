/**
 * Step 2, vehicle selection: by VIN (default; checked in the browser, then decoded by the server), by year,
 * make, model and body style, or as a big truck (feature flag).
 */
import { useState, type ReactNode } from 'react';
import { ApiError } from '../../../lib/api/client.ts';
import {
  GetBigTruckVehicleInfo,
  GetVehicleInfoByVin,
  GetVehicleInformationByYMMS,
  GetVehicleMakes,
  GetVehicleModels,
  GetVehicleStyles,
  GetVehicleYears,
  type Vehicle,
} from '../../../lib/api/quick-quote.ts';
import { vehicleLine } from '../../../lib/claim/flow.ts';
import { normaliseVin, validateVin } from '../../../lib/claim/vin.ts';
import { FEATURE_FLAGS } from '../../../lib/constants.ts';
import { api } from '../../../stores/api.ts';
import { send, vinSearchEvent } from '../../../lib/track-event.ts';
import { $claimFlow, freshFields, updateClaim, type ClaimFlow, type VehicleSelectionMethod } from '../../../stores/claim.ts';
import { Choices } from '../choices.tsx';
import { TextField } from '../fields.tsx';
import { Failed, focusField, useCall, type StepProps } from '../ui.tsx';

/** What a new vehicle resets: everything the later steps chose for the old one. */
export const NO_DAMAGE: Partial<ClaimFlow> = freshFields([
  'GlassCarId', 'AvailableGlass', 'Parts', 'SelectedGlassGroups', 'RepairOrReplace', 'NumberOfChipsOrCracks', 'ProblemQuestions',
  'ProblemAnswers', 'AutoReplaced', 'ChosenParts', 'PropertyQuestions', 'PropertyFor', 'PropertyAnswers', 'Quote',
]);
const NO_VEHICLE: Partial<ClaimFlow> = { ...NO_DAMAGE, ...freshFields(['CarId', 'Year', 'Make', 'Model', 'Style', 'IsBigTruck']) };

/** Whether a value is one of a loaded list's options. */
const listed = (value: string, list: readonly (string | number)[] | undefined) => value !== '' && !!list?.some((o) => String(o) === value);

const METHODS: VehicleSelectionMethod[] = FEATURE_FLAGS.bigTruckEnabled ? ['VIN', 'YMMS', 'BigTruck'] : ['VIN', 'YMMS'];

export default function VehicleStep({ page, form, next }: StepProps) {
  const { t, flow } = page;
  const method = flow.VehicleSelectionMethod;
  const [vin, setVin] = useState(flow.Vin);
  const [finding, setFinding] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [choosing, setChoosing] = useState(false);
  // The server's verdict on a VIN, kept so that leaving the field does not clear it.
  const [verdict, setVerdict] = useState<{ vin: string; message: string } | null>(null);
  const { Year, Make, Model, Style } = flow;

  const choose = (v: Vehicle, patch: Partial<ClaimFlow>) => {
    const same = v.CarId === $claimFlow.get().CarId;
    updateClaim({ ...(same ? {} : NO_DAMAGE), CarId: v.CarId, Year: v.Year, Make: v.Make, Model: v.Model, Style: v.Style, IsBigTruck: v.IsBigTruck, ...patch });
  };
  const pick = (patch: Partial<ClaimFlow>) => updateClaim({ ...NO_DAMAGE, CarId: null, ...patch });

  /** Decodes the VIN (errors of this call are suppressed: the message shows under the field). */
  const findVin = async (raw: string): Promise<boolean> => {
    const r = validateVin(raw);
    if (!r.ok) {
      form.set('vin', r.message);
      return false;
    }
    const cur = $claimFlow.get();
    if (cur.CarId && cur.Vin === r.vin && cur.VehicleSelectionMethod === 'VIN') return true;
    setFinding(true);
    setNote(null);
    let message: string | null = null;
    try {
      const res = await api.call(GetVehicleInfoByVin, { Vin: r.vin }, { ignoreErrors: true });
      if (res.Vehicle) {
        choose(res.Vehicle, { Vin: res.Vin, VehicleSelectionMethod: 'VIN' });
        return true;
      }
      if (res.Year && res.Make) {
        // Known year and make, unknown model: the selects take over with both filled in.
        updateClaim({ ...NO_VEHICLE, VehicleSelectionMethod: 'YMMS', Vin: res.Vin, Year: res.Year, Make: res.Make });
        setNote(t('claim.vinPartial', { vehicle: [res.Year, res.Make].filter(Boolean).join(' ') }));
        return false;
      }
      message = t('claim.vinUnknown');
      return false;
    } catch (err) {
      message = err instanceof ApiError && err.status === 400 ? err.message : t('claim.loadFailed');
      return false;
    } finally {
      setFinding(false);
      // Section 4's VIN search event (issue 18; sent only after consent).
      send(vinSearchEvent(!message));
      setVerdict(message ? { vin: r.vin, message } : null);
      form.set('vin', message);
    }
  };

  const byYmms = method === 'YMMS';
  const big = method === 'BigTruck';
  const years = useCall(byYmms || big ? method : null, () => api.call(GetVehicleYears, big ? { IsBigTruck: 'true' } : {}));
  const makes = useCall(byYmms && Year ? `${Year}` : null, () => api.call(GetVehicleMakes, { Year: String(Year!) }));
  const models = useCall(byYmms && Year && Make ? `${Year}|${Make}` : null, () => api.call(GetVehicleModels, { Year: String(Year!), Make }));
  const styles = useCall(byYmms && Year && Make && Model ? `${Year}|${Make}|${Model}` : null, () => api.call(GetVehicleStyles, { Year: String(Year!), Make, Model }));
  const trucks = useCall(big && Year ? `${Year}` : null, () => api.call(GetBigTruckVehicleInfo, { Year: String(Year!) }));

  const chooseStyle = (style: string) => {
    pick({ Style: style });
    if (!style || !Year) return;
    setChoosing(true);
    api
      .call(GetVehicleInformationByYMMS, { Year: String(Year), Make, Model, Style: style })
      .then((v) => choose(v, { VehicleSelectionMethod: 'YMMS' }))
      .catch(() => form.set('style', t('claim.loadFailed')))
      .finally(() => setChoosing(false));
  };

  next.current = async () => {
    const g = $claimFlow.get();
    if (g.CarId) return true;
    if (method === 'VIN') {
      const ok = await findVin(vin);
      if (!ok) focusField($claimFlow.get().VehicleSelectionMethod === 'VIN' ? 'vin' : 'model');
      return ok;
    }
    if (big) return form.all([[g.Year ? 'truck' : 'truck-year', t('claim.chooseVehicle')]]);
    // The first select without a listed value; when its list is empty, the one before it must change.
    const levels = [years, makes, models, { ...styles, data: styles.data?.map((s) => s.Style) }];
    const values = [g.Year ? String(g.Year) : '', g.Make, g.Model, g.Style];
    let i = levels.findIndex((l, n) => !listed(values[n]!, l.data));
    if (i > 0 && levels[i]!.data?.length === 0) i--;
    return form.all([[['year', 'make', 'model', 'style'][Math.max(i, 0)]!, t('claim.chooseVehicle')]]);
  };

  /** A select of one level of the vehicle picker, with its loading, failure and empty states. */
  const select = (
    id: string,
    label: string,
    value: string,
    state: { data: readonly (string | number)[] | undefined; loading: boolean; failed: boolean; retry: () => void },
    onChange: (v: string) => void,
    empty: string = t('claim.empty'),
  ): ReactNode => (
    <div className="flow-select">
      <TextField
        form={form}
        id={id}
        label={label}
        as="select"
        req
        value={listed(value, state.data) ? value : ''}
        onChange={onChange}
        rule={(v) => (v ? null : t('claim.chooseVehicle'))}
        disabled={!state.data || state.data.length === 0}
      >
        <option value="">{state.loading ? t('claim.loading') : t('claim.choose')}</option>
        {state.data?.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </TextField>
      {state.failed && <Failed t={t} retry={state.retry} />}
      {state.data?.length === 0 && <p className="muted flow-empty">{empty}</p>}
    </div>
  );

  return (
    <>
      <Choices
        form={form}
        id="method"
        legend={t('claim.method')}
        row
        options={METHODS.map((m) => ({ value: m, label: t.dynamic(`claim.methods.${m}`, m) }))}
        value={method}
        onChange={(m) => {
          setNote(null);
          form.all([]);
          updateClaim({ ...NO_VEHICLE, VehicleSelectionMethod: m as VehicleSelectionMethod, Vin: '' });
        }}
      />
      {method === 'VIN' && (
        <div className="flow-vin">
          <TextField
            form={form}
            id="vin"
            label={t('claim.vin')}
            hint={t('claim.vinHint')}
            req
            value={vin}
            maxLength={32}
            autoComplete="off"
            rule={(v) => {
              const r = validateVin(v);
              return r.ok ? (verdict?.vin === r.vin ? verdict.message : null) : r.message;
            }}
            onChange={(v) => {
              setVin(v);
              const cur = $claimFlow.get();
              if (cur.CarId && normaliseVin(v) !== cur.Vin) updateClaim({ ...NO_VEHICLE, Vin: '' });
              // A complete VIN is checked at once, and decoded when it passes.
              if (normaliseVin(v).length >= 17) {
                const r = validateVin(v);
                form.set('vin', r.ok ? null : r.message);
                if (r.ok) void findVin(v);
              }
            }}
            action={
              <button type="button" className="btn btn--secondary" disabled={finding} onClick={() => void findVin(vin).then((ok) => ok || focusField('vin'))}>
                {finding ? t('claim.loading') : t('claim.findVin')}
              </button>
            }
          />
        </div>
      )}
      {byYmms && (
        <div className="flow-selects">
          {select('year', t('claim.year'), Year ? String(Year) : '', years, (v) => pick({ Year: Number(v) || null, Make: '', Model: '', Style: '' }))}
          {select('make', t('claim.make'), Make, makes, (v) => pick({ Make: v, Model: '', Style: '' }))}
          {select('model', t('claim.model'), Model, models, (v) => pick({ Model: v, Style: '' }))}
          {select('style', t('claim.style'), Style, { ...styles, data: styles.data?.map((s) => s.Style) }, chooseStyle, t('claim.noStyles'))}
        </div>
      )}
      {big && (
        <div className="flow-selects">
          {select('truck-year', t('claim.year'), Year ? String(Year) : '', years, (v) => pick({ Year: Number(v) || null, Make: '', Model: '', Style: '' }))}
          {trucks.data && trucks.data.length > 0 && (
            <Choices
              form={form}
              id="truck"
              legend={t('claim.truck')}
              req
              options={trucks.data.map((v) => ({ value: String(v.CarId), label: `${v.Make} ${v.Model} ${v.Style}` }))}
              value={flow.CarId ? String(flow.CarId) : ''}
              onChange={(id) => {
                const v = trucks.data?.find((t) => String(t.CarId) === id);
                if (v) choose(v, { VehicleSelectionMethod: 'BigTruck' });
              }}
              check={(v) => (v ? null : t('claim.chooseVehicle'))}
            />
          )}
          {trucks.loading && <p className="muted">{t('claim.loading')}</p>}
          {trucks.failed && <Failed t={t} retry={trucks.retry} />}
          {trucks.data?.length === 0 && <p className="muted flow-empty">{t('claim.noTrucks')}</p>}
        </div>
      )}
      <div role="status" className="flow-chosen">
        {note && <p className="notice">{note}</p>}
        {(finding || choosing) && <p className="muted">{t('claim.loading')}</p>}
        {flow.CarId !== null && (
          <p>
            <strong>{t('claim.vehicle')}:</strong> <span data-testid="vehicle">{vehicleLine(flow)}</span>
          </p>
        )}
      </div>
    </>
  );
}
