/**
 * The claim flow's pictures (issue 13), drawn as inline SVG styled by the `Claim pictures` classes of global.css:
 * the vehicle glass picker of step 3 and the windshield zone diagram of step 4 here, the rain sensor and camera
 * illustrations of step 6 in feature-pictures.tsx. Each file is imported by one lazy step chunk only (DamageSteps,
 * PartSteps), so it is bundled into that chunk: the first visit of start-claim loads neither, and no shared chunk
 * is added to the steps' preload lists. Every word comes from the `claim.pictures` dictionary.
 */
import { GLASS_GROUPS, type GlassGroup } from '../../../lib/claim/glass.ts';
import type { ClaimT } from '../fields.tsx';

/* ── Step 3: the vehicle glass picker ───────────────────────────────────────────────────────────────────── */

/** Each glass group's shapes; a side group also has a wider invisible hit area (its windows are narrow to tap). */
const GLASS_SHAPES: Record<GlassGroup, { paths: string[]; hit?: string }> = {
  Windshield: { paths: ['M22 62 Q60 50 98 62 L88 94 Q60 89 32 94 Z'] },
  // The side windows (front door, rear door and quarter): the driver's on the left, the passenger's mirror them.
  "Driver's side": { paths: ['M15 76 L29 96 L29 124 L15 124 Z', 'M15 128 L29 128 L29 158 L17 170 Q15 160 15 150 Z'], hit: 'M0 70 H31 V176 H0 Z' },
  "Passenger's side": { paths: ['M105 76 L91 96 L91 124 L105 124 Z', 'M105 128 L91 128 L91 158 L103 170 Q105 160 105 150 Z'], hit: 'M89 70 H120 V176 H89 Z' },
  'Back glass': { paths: ['M32 164 Q60 160 88 164 L95 186 Q60 194 25 186 Z'] },
  Sunroof: { paths: ['M44 104 H76 A4 4 0 0 1 80 108 V134 A4 4 0 0 1 76 138 H44 A4 4 0 0 1 40 134 V108 A4 4 0 0 1 44 104 Z'] },
};

/**
 * A car seen from above, front up (the driver's side on the left), its glass drawn by group: the groups the
 * vehicle has can be clicked or tapped, the chosen ones in the accent colour, the others muted. The picture only
 * mirrors the checkboxes beside it (they hold the choice and are the keyboard and screen-reader control), so it is
 * hidden from assistive technology and has no tab stops: a click toggles the matching checkbox.
 */
export function GlassPicker({
  t,
  available,
  selected,
  onToggle,
}: {
  t: ClaimT;
  available: readonly string[];
  selected: readonly string[];
  onToggle: (group: GlassGroup) => void;
}) {
  return (
    <div className="pic pic-glass" aria-hidden="true" data-testid="glass-picker">
      <svg viewBox="0 0 120 220" className="pic__svg" focusable="false">
        {/* Body, wheels and mirrors. */}
        <rect className="pic__wheel" x="5" y="38" width="8" height="26" rx="3" />
        <rect className="pic__wheel" x="107" y="38" width="8" height="26" rx="3" />
        <rect className="pic__wheel" x="5" y="156" width="8" height="26" rx="3" />
        <rect className="pic__wheel" x="107" y="156" width="8" height="26" rx="3" />
        <rect className="pic__body" x="10" y="4" width="100" height="212" rx="30" />
        <path className="pic__body" d="M10 70 L3 66 L3 74 L10 78 Z M110 70 L117 66 L117 74 L110 78 Z" />
        <path className="pic__line" d="M32 94 L32 164 M88 94 L88 164" />
        {GLASS_GROUPS.map((g) => {
          const on = available.includes(g);
          const state = !on ? 'unavailable' : selected.includes(g) ? 'selected' : 'available';
          const { paths, hit } = GLASS_SHAPES[g];
          return (
            <g key={g} className={`pic-glass__part is-${state}`} data-glass={g} data-state={state} onClick={on ? () => onToggle(g) : undefined}>
              <title>{t.dynamic(`claim.groups.${g}`, g)}</title>
              {hit && <path className="pic-glass__hit" d={hit} />}
              {paths.map((d) => (
                <path key={d} className="pic-glass__pane" d={d} />
              ))}
            </g>
          );
        })}
      </svg>
      <p className="pic__hint">{t('claim.pictures.glassHint')}</p>
    </div>
  );
}

/* ── Step 4: the windshield zone diagram ────────────────────────────────────────────────────────────────── */

/** The zones, in the order of the problem questions that ask about them (src/lib/claim/repair.ts). */
const ZONES = [
  { question: 'crackOver6Inches', zone: 'length' },
  { question: 'inDriverView', zone: 'driverView' },
  { question: 'inCameraArea', zone: 'camera' },
  { question: 'edgeCrack', zone: 'edge' },
] as const;
type Zone = (typeof ZONES)[number]['zone'];

/** Where each zone's number sits on the drawing. */
const MARKER: Record<Zone, [number, number]> = { length: [282, 128], driverView: [122, 130], camera: [250, 50], edge: [367, 116] };
/** Ticks of the 6-inch scale: the windshield is drawn about 54 inches wide (360 units), so an inch is 6.7 units. */
const INCH = 20 / 3;
const RULER_X = 262;

/**
 * The windshield seen from the driver's seat, with the areas the problem questions ask about numbered: the
 * 6-inch scale, the driver's line of sight, the camera area behind the mirror and the edge band. Only the zones
 * of the questions asked are drawn; a zone whose question is answered 'yes' is marked, in the drawing and in words.
 * Shown when at least one of those questions is asked (a windshield).
 */
export function ZoneDiagram({ t, asked, answers }: { t: ClaimT; asked: readonly string[]; answers: Readonly<Record<string, boolean | undefined>> }) {
  const zones = ZONES.filter((z) => asked.includes(z.question));
  if (!zones.length) return null;
  const number = (zone: Zone) => zones.findIndex((z) => z.zone === zone) + 1;
  const marked = (zone: Zone) => zones.some((z) => z.zone === zone && answers[z.question] === true);
  const cls = (zone: Zone) => `pic-zones__zone${marked(zone) ? ' is-marked' : ''}`;
  const shows = (zone: Zone) => number(zone) > 0;
  return (
    <figure className="pic pic-zones" aria-labelledby="pic-zones-title" data-testid="zone-diagram">
      <svg viewBox="0 0 400 250" className="pic__svg" role="img" aria-label={t('claim.pictures.zones.alt')} focusable="false">
        {/* The glass; the edge band is the outer shape showing around the inner one. */}
        {shows('edge') ? (
          <path className={cls('edge')} d="M42 24 Q200 4 358 24 L392 204 Q200 222 8 204 Z" />
        ) : (
          <path className="pic__glass" d="M42 24 Q200 4 358 24 L392 204 Q200 222 8 204 Z" />
        )}
        <path className="pic__glass" d="M56 38 Q200 20 344 38 L374 192 Q200 208 26 192 Z" />
        {shows('driverView') && <rect className={cls('driverView')} x="66" y="84" width="112" height="92" rx="14" />}
        {shows('camera') && <rect className={cls('camera')} x="166" y="32" width="68" height="36" rx="8" />}
        {/* Camera and rear-view mirror, top middle. */}
        <circle className="pic__device" cx="200" cy="46" r="7" />
        <circle className="pic__lens" cx="200" cy="46" r="3" />
        <path className="pic__line" d="M200 53 L200 70" />
        <rect className="pic__device" x="168" y="70" width="64" height="18" rx="8" />
        {/* The steering wheel below the glass, on the driver's side (left). */}
        <path className="pic__line pic__wheel-line" d="M78 270 A44 44 0 0 1 166 270" />
        {shows('length') && (
          <g className={cls('length')}>
            <path className="pic__crack" d={`M${RULER_X} 150 l8 -4 l6 5 l9 -6 l7 4 l10 -3`} />
            <path className="pic__ruler" d={`M${RULER_X} 162 H${RULER_X + 6 * INCH}`} />
            {Array.from({ length: 7 }, (_, i) => (
              <path key={i} className="pic__ruler" d={`M${RULER_X + i * INCH} ${i % 6 ? 158 : 155} V162`} />
            ))}
            <text className="pic__label" x={RULER_X + 3 * INCH} y="178" textAnchor="middle">
              {t('claim.pictures.zones.inches')}
            </text>
          </g>
        )}
        {zones.map(({ zone }) => {
          const [x, y] = MARKER[zone];
          return (
            <g key={zone} className={`pic-zones__marker${marked(zone) ? ' is-marked' : ''}`}>
              <circle cx={x} cy={y} r="11" />
              <text x={x} y={y} dy=".35em" textAnchor="middle">
                {number(zone)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="pic__caption">
        <p id="pic-zones-title" className="pic__title">
          {t('claim.pictures.zones.title')}
        </p>
        <ol className="pic-zones__legend">
          {zones.map(({ zone }) => (
            <li key={zone} className={marked(zone) ? 'is-marked' : undefined} data-zone={zone}>
              <span className="pic-zones__num" aria-hidden="true">
                {number(zone)}
              </span>
              <span>
                {t(`claim.pictures.zones.${zone}`)}
                {marked(zone) && <strong className="pic-zones__here"> {t('claim.pictures.zones.marked')}</strong>}
              </span>
            </li>
          ))}
        </ol>
      </figcaption>
    </figure>
  );
}
