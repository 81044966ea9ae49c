/** The sign-in page's words, English. */
export default {
  title: 'Sign in to the Agent Portal',
  intro: 'File glass claims, follow work orders and manage your agency.',
  email: 'Email',
  password: 'Password',
  submit: 'Sign in',
  signingIn: 'Signing in…',
  retry: 'Start again',
  failed: 'Sign-in did not complete. Please try again.',
  ssoTimeout: 'Your session timed out. Please sign in again.',
  signInAgain: 'Sign in again',
  network: 'We could not reach the server. Check your connection and try again.',
  forgot: 'Forgot password?',
  createAccount: 'Create an account',
  /** The form's own checks (LoginRequestSchema's messages). */
  fields: {
    emailRequired: 'Email address is required',
    emailInvalid: 'Please enter a valid email address',
    passwordRequired: 'Password is required',
    tooLong: 'Must be at most {max} characters',
  },
  // issue 17: single sign-on
  sso: {
    // Not 'Sign in with your agency': the password form's 'Sign in' must stay the only button named so (as passkeys, docs/decisions/022).
    button: 'Use your agency’s sign-in',
    heading: 'Sign in with your agency',
    intro: 'If your agency uses single sign-on, choose it, or continue with your work email.',
    agency: 'Your agency',
    choose: 'Choose your agency',
    continue: 'Continue to your agency',
    byEmail: 'Continue with my work email',
    cancel: 'Cancel',
    noMatch: 'No agency sign-in is set up for that email. Sign in with your password, or choose your agency.',
    failed: 'Signing in with your agency did not complete. Please try again.',
    emailFirst: 'Enter your work email first.',
    modalTitle: 'Your agency uses single sign-on',
    modalText: 'Accounts with {domain} email addresses sign in through their agency. Continue to your agency’s sign-in page?',
    modalConfirm: 'Continue with single sign-on',
    modalCancel: 'Use my password',
  },
};
