/** Business constants of spec section 9 and shared names. */

/** The AppName every payload carries and the application-name header value. */
export const APP_NAME = 'AgentPortal';
/** Header names the browser client sends. */
export const HEADER_APP_NAME = 'X-Application-Name';
export const HEADER_SSO_SESSION = 'X-SSO-Session';

/** Mobile breakpoint in px. */
export const MOBILE_BREAKPOINT = 767;
/** Success alerts hide after this many ms. */
export const SUCCESS_ALERT_MS = 3000;
/** Chat availability is checked after this many ms. */
export const CHAT_AVAILABILITY_DELAY_MS = 2000;
/** Device and user id cookies last this many days. */
export const ID_COOKIE_DAYS = 90;
/** Damage date window in years. */
export const DAMAGE_DATE_YEARS = 10;
/** Explore menu row height: 40px plus 15. */
export const EXPLORE_ROW_HEIGHT = 40;
export const EXPLORE_ROW_EXTRA = 15;
/** Script chunk load timeout in ms. */
export const CHUNK_LOAD_TIMEOUT_MS = 120000;
/** Feature flags. */
export const FEATURE_FLAGS = {
  bigTruckEnabled: true,
  onboardingClaimUpdateEnabled: true,
  removeAccountFeatureEnabled: true,
  debug: false,
} as const;
/** Prevents scheduling at the provider's own shops. */
export const EXCLUDE_SHOPS_FLAG = 'ExcludeSafeliteShops';
/** Shop search defaults. */
export const DEFAULT_COUNTRY = 'US';
export const DEFAULT_VEHICLE_SELECTION_METHOD = 'VIN';
export const DEFAULT_NUMBER_OF_CHIPS_OR_CRACKS = -1;
/** The sessionStorage key of the claim flow's state (one flow per tab; cleared when the user leaves the flow). */
export const CLAIM_FLOW_KEY = 'portal.claimFlow';

/**
 * The Agency Care Desk's one phone number (calls and texts, 10 digits) and support email: the only source of
 * them. The footer panel, the care-desk and help pages' contact widget and the zero-agency dashboard read them
 * here; the content pages carry no contact details of their own.
 */
export const CARE_DESK = {
  phone: '8005550199',
  email: 'agencycaredesk@glasscare.example',
} as const;

/** States whose law waives the deductible for windshield damage under comprehensive coverage (Florida 627.7288, Kentucky, South Carolina): a claim's deductible starts at 0 there. */
export const ZERO_DEDUCTIBLE_WINDSHIELD_STATES: readonly string[] = ['FL', 'KY', 'SC'];

/**
 * Experiments (issue 18, spec section 9: "Site entry trigger value is a fixed constant"): the triggerValue the
 * browser sends with a SiteEntry run, and the one a SiteEntry experiment is stored with.
 */
export const EXPERIMENT_SITE_ENTRY_VALUE = 'SiteEntry';
/** The goal event a filed claim (CreateReferral) converts. */
export const CLAIM_SUBMITTED_GOAL = 'ClaimSubmitted';
