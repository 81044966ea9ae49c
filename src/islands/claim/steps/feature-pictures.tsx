/**
 * Step 6's pictures (issue 13): what a windshield camera and a rain sensor look like, beside the property
 * questions that ask about them. Inline SVG styled by the `Claim pictures` classes of global.css; imported by the
 * PartSteps chunk only (see pictures.tsx). Words from the `claim.pictures` dictionary.
 */
import type { ClaimT } from '../fields.tsx';

/** The property questions (feature ids) that have a picture, and its words. */
const FEATURES = { 'lane camera': 'camera', 'rain sensor': 'rainSensor' } as const;
type Feature = keyof typeof FEATURES;
const hasPicture = (id: string): id is Feature => Object.hasOwn(FEATURES, id);

/** The top middle of a windshield from inside, with the rear-view mirror: what both illustrations start from. */
function GlassTop() {
  return (
    <>
      <path className="pic__glass" d="M4 18 Q80 2 156 18 L156 108 L4 108 Z" />
      <path className="pic__band" d="M4 18 Q80 2 156 18 L156 30 Q80 14 4 30 Z" />
      <path className="pic__line" d="M80 38 L80 52" />
      <rect className="pic__device" x="46" y="52" width="68" height="22" rx="10" />
    </>
  );
}

function CameraDrawing() {
  return (
    <>
      <GlassTop />
      {/* The camera housing above the mirror, its lens looking out through the glass. */}
      <path className="pic__device pic__device--feature" d="M62 16 Q80 12 98 16 L96 40 Q80 44 64 40 Z" />
      <circle className="pic__lens" cx="80" cy="28" r="6" />
      <circle className="pic__device" cx="80" cy="28" r="2.5" />
      <path className="pic__sight" d="M72 26 L30 92 M88 26 L130 92" />
    </>
  );
}

function RainSensorDrawing() {
  const drops = [
    [24, 50],
    [40, 84],
    [130, 46],
    [142, 86],
    [22, 96],
    [120, 98],
  ] as const;
  return (
    <>
      <GlassTop />
      {/* The sensor pad on the glass just above the mirror's foot, raindrops around it. */}
      <rect className="pic__device pic__device--feature" x="90" y="24" width="30" height="22" rx="7" />
      <circle className="pic__lens" cx="105" cy="35" r="6" />
      {drops.map(([x, y]) => (
        <path key={`${x}-${y}`} className="pic__drop" d={`M${x} ${y - 7} Q${x + 5} ${y} ${x} ${y + 3} Q${x - 5} ${y} ${x} ${y - 7} Z`} />
      ))}
    </>
  );
}

/**
 * Step 6: a picture for each property question that has one (the camera, the rain sensor), in the questions'
 * order, each a figure with its caption and a text alternative.
 */
export function FeaturePictures({ t, ids }: { t: ClaimT; ids: readonly string[] }) {
  const shown = ids.filter(hasPicture);
  if (!shown.length) return null;
  return (
    <div className="pic-features">
      {shown.map((id) => {
        const key = FEATURES[id];
        return (
          <figure key={id} className="pic pic-feature" data-feature={id}>
            <svg viewBox="0 0 160 110" className="pic__svg" role="img" aria-label={t(`claim.pictures.${key}.alt`)} focusable="false">
              {key === 'camera' ? <CameraDrawing /> : <RainSensorDrawing />}
            </svg>
            <figcaption className="pic__caption pic__title">{t(`claim.pictures.${key}.caption`)}</figcaption>
          </figure>
        );
      })}
    </div>
  );
}
