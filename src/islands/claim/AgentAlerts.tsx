/** The agent's notification preferences on the appointment page (text and email alerts, the agent's phone). */
import { textAlerts } from '../../lib/claim/checks.ts';
import type { ClaimText } from '../../lib/claim/i18n.ts';
import { rules } from '../../lib/claim/validation.ts';
import { formatPhone } from '../../lib/format.ts';
import { $claimFlow, type AppointmentDetails } from '../../stores/claim.ts';
import { Choices } from './choices.tsx';
import { TextField, type Form } from './fields.tsx';

const EVENTS = ['PolicyholderContact', 'ServiceScheduled', 'ServiceComplete', 'SurveyComplete'] as const;

export default function AgentAlerts({ f, x, a, set }: { f: Form; x: ClaimText; a: AppointmentDetails; set: (patch: Partial<AppointmentDetails>) => void }) {
  return (
    <>
      {(['Text', 'Email'] as const).map((by) => (
        <Choices
          key={by}
          f={f}
          id={`notify-${by.toLowerCase()}`}
          legend={by === 'Text' ? x.notifyText : x.notifyEmail}
          multiple
          options={EVENTS.map((ev) => ({ value: ev, label: x.events[ev] }))}
          value={EVENTS.filter((ev) => a[`${ev}${by}`])}
          onChange={(v) => set(Object.fromEntries(EVENTS.map((ev) => [`${ev}${by}`, v.includes(ev)])))}
        />
      ))}
      <TextField
        f={f}
        id="agent-phone"
        label={x.agentPhone}
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
