/**
 * The account emails (issue 14), English: written on the server in the language of the host the request came
 * from (the Spanish host → Spanish), never loaded by the browser.
 */
export default {
  hello: 'Hello {name},',
  signature: 'Agent Portal',
  verify: {
    subject: 'Verify your email for the Agent Portal',
    intro: 'Thank you for registering with the Agent Portal. Follow this link to verify your email address and choose your password:',
    expires: 'The link works once and expires in {hours} hours. If it has expired, the page it opens sends you a new one.',
    ignore: 'If you did not register, you can ignore this email.',
  },
  reset: {
    subject: 'Reset your Agent Portal password',
    intro: 'We received a request to reset the password of your Agent Portal account. Follow this link to choose a new password:',
    expires: 'The link works once and expires in {minutes} minutes.',
    ignore: 'If you did not ask for this, you can ignore this email: your password stays as it is.',
  },
  created: {
    subject: 'Your Agent Portal account',
    intro: 'An administrator of your agency created an Agent Portal account for you. Follow this link to choose your password:',
    expires: 'The link works once and expires in {hours} hours.',
  },
  exists: {
    subject: 'Someone tried to register with your email',
    intro: 'Someone (maybe you) tried to create an Agent Portal account with this email address, which already has one.',
    reset: 'If you forgot your password, you can reset it from the sign-in page:',
    ignore: 'If it was not you, you can ignore this email.',
  },
};
