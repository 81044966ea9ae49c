/** The agent's notification preferences on the appointment page (text and email alerts, the agent's phone). */
import { useEffect } from 'react';
import { GetUserAgentContactPrefs } from '../../lib/api/contact-prefs.ts';
import { textAlerts } from '../../lib/claim/checks.ts';
import { rules } from '../../lib/claim/validation.ts';
import { formatPhone } from '../../lib/format.ts';
import { api } from '../../stores/api.ts';
import { $claimFlow, type AppointmentDetails } from '../../stores/claim.ts';
import { Choices } from './choices.tsx';
import { TextField, type ClaimT, type Form } from './fields.tsx';

const EVENTS = ['PolicyholderContact', 'ServiceScheduled', 'ServiceComplete', 'SurveyComplete'] as const;

/** True while the claim's alerts are as a new flow starts them (none on, no phone) and the page was never passed. */
const untouched = () => {
  const g = $claimFlow.get();
  return !g.appointmentDone && !g.appointment.AgentPhoneNo && EVENTS.every((ev) => !g.appointment[`${ev}Text`] && !g.appointment[`${ev}Email`]);
};

export default function AgentAlerts({ form, t, a, set }: { form: Form; t: ClaimT; a: AppointmentDetails; set: (patch: Partial<AppointmentDetails>) => void }) {
  // The agent's contact preferences (manage-account) pre-fill the alerts of a new claim, unless the agent has
  // already chosen some (checked again when the reply comes: a box ticked meanwhile wins).
  useEffect(() => {
    if (!untouched()) return;
    api.call(GetUserAgentContactPrefs, {}, { ignoreErrors: true }).then(
      ({ AgentPhoneNo, ...alerts }) => {
        if (untouched()) set({ ...alerts, AgentPhoneNo: AgentPhoneNo ? formatPhone(AgentPhoneNo) : '' });
      },
      () => undefined,
    );
    // Once, when the page opens: later changes are the agent's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <>
      {(['Text', 'Email'] as const).map((by) => (
        <Choices
          key={by}
          form={form}
          id={`notify-${by.toLowerCase()}`}
          legend={by === 'Text' ? t('claim.notifyText') : t('claim.notifyEmail')}
          multiple
          options={EVENTS.map((ev) => ({ value: ev, label: t.dynamic(`claim.events.${ev}`, ev) }))}
          value={EVENTS.filter((ev) => a[`${ev}${by}`])}
          onChange={(v) => set(Object.fromEntries(EVENTS.map((ev) => [`${ev}${by}`, v.includes(ev)])))}
        />
      ))}
      <TextField
        form={form}
        id="agent-phone"
        label={t('claim.agentPhone')}
        type="tel"
        autoComplete="tel"
        maxLength={20}
        req={textAlerts(a)}
        value={a.AgentPhoneNo}
        onChange={(v) => set({ AgentPhoneNo: v })}
        rule={(v) => (textAlerts($claimFlow.get().appointment) ? rules.phone : rules.optionalPhone)(v)}
        format={formatPhone}
      />
    </>
  );
}
