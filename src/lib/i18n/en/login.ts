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
};
