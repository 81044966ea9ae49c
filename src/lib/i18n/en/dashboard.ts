/** The agent dashboard's words (its agencies and the quick start), English. The work orders are in work-orders.ts. */
export default {
  welcome: 'Welcome back, {name}',
  agencies: 'Your agencies',
  none: 'Your account is not connected to an agency yet.',
  noneHelp:
    'It looks like your account isn’t currently connected to an active agency. To proceed, please search for your agency below or submit more information to ensure full access to your account.',
  // The agency search under the message (issue 14): a form that opens find-my-agency with its results.
  searchTitle: 'Search for your agency',
  searchBy: 'Search by',
  searchTerm: 'Search for',
  by: { AccountNumber: 'Account number', AgencyName: 'Agency name', PrimaryPhone: 'Phone', Email: 'Email' },
  search: 'Search',
  notFoundLink: 'Can’t find your agency? Tell us about it',
  /** Spec section 8, word for word. */
  underReview: 'Your agency account is under review. Your account will be updated once approved.',
  underReviewAgency: 'Requested: {agency}',
  number: 'Agency number',
  address: 'Address',
  dedicated: 'Dedicated',
  parent: 'Parent account',
  default: 'Default',
  makeDefault: 'Make default',
  active: 'Active',
  useThis: 'Use this agency',
  defaultSaved: 'Your default agency was updated.',
  changed: 'Your agency list changed: you now have access to',
  staff: 'You are signed in as',
  workOrdersFailed: 'We could not load the work orders. Please try again.',
  console: 'Work-order console',
  quickStart: {
    title: 'Start a claim',
    intro: 'Enter the policyholder’s ZIP code and the vehicle’s VIN: the claim opens at the damage step.',
    zip: 'Policyholder ZIP code',
    vin: 'Vehicle identification number (VIN)',
    vinHint: 'Optional: without it you choose the vehicle by year, make and model.',
    start: 'Start the claim',
  },
};
