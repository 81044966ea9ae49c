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
  helloAnyone: 'Hello,',
  passwordChanged: {
    subject: 'Your Agent Portal password was changed',
    intro: 'The password of your Agent Portal account was changed, and every other sign-in of your account was ended.',
    notYou: 'If you did not do this, reset your password now from the sign-in page and call the Agency Care Desk:',
  },
  emailChange: {
    subject: 'Confirm your new email for the Agent Portal',
    intro: 'You asked to use this address for your Agent Portal account. Follow this link to confirm it:',
    expires: 'The link works once and expires in {hours} hours. Until you follow it, your account keeps its current email.',
    ignore: 'If you did not ask for this, you can ignore this email.',
  },
  emailChangeRefused: {
    subject: 'Your email address was offered for another account',
    intro: 'Someone asked to use this email address for another Agent Portal account. It already has an account of its own, so it cannot be used, and nothing changed.',
    ignore: 'If you did not expect this, you can ignore this email.',
  },
  emailChangeRequested: {
    subject: 'A change of your Agent Portal email was requested',
    intro: 'Someone signed in to your Agent Portal account asked to change its email to {email}. We sent a link to that address; your email changes only when it is followed.',
    notYou: 'If this was not you, change your password now in Manage my account (or reset it from the sign-in page) and call the Agency Care Desk.',
  },
  emailChanged: {
    subject: 'Your Agent Portal email was changed',
    intro: 'The email of your Agent Portal account is now {email}. Sign in with the new address from now on.',
    notYou: 'If this was not you, call the Agency Care Desk.',
  },
  adminRequest: {
    subject: 'Admin access requested: {agency}',
    intro: '{name} ({email}) asked to become an admin of {agency} ({number}) in the Agent Portal.',
    review: 'Review the request:',
  },
  adminApproved: {
    subject: 'You are now an admin of {agency}',
    intro: 'Your request to become an admin of {agency} was approved. Sign in again to see Manage my users.',
  },
  adminDenied: {
    subject: 'Your admin access request for {agency} was not approved',
    intro: 'Your request to become an admin of {agency} was not approved.',
  },
  reason: 'Reason: {reason}',
  mfaReset: {
    subject: 'Your Agent Portal two-step sign-in was reset',
    intro: 'An administrator reset the two-step sign-in of your Agent Portal account: your authenticator app, recovery codes and passkeys no longer work for it. Sign in with your password and set up two-step sign-in again in Manage my account.',
    notYou: 'If you did not ask for this, call the Agency Care Desk.',
  },
  ce: {
    confirmSubject: 'Confirm your registration: {course}',
    confirmIntro: 'Thank you for registering for "{course}". Your seat is held only when you follow this link:',
    confirmExpires: 'The link expires on {date}. Registration cannot finish unless this link is clicked.',
    registeredSubject: 'You are registered: {course}',
    registeredIntro: 'You are registered for "{course}". The calendar file attached adds it to your calendar.',
    waitlistedSubject: 'You are on the waitlist: {course}',
    waitlistedIntro: '"{course}" is full, so you are on its waitlist (number {position} in line). When a seat frees, the first in line is offered it by email.',
    offerSubject: 'A seat is free for you: {course}',
    offerIntro: 'A seat in "{course}" is free and held for you until {date}. Confirm it with this link, or the seat passes to the next in line:',
    offerExpiredSubject: 'Your seat offer expired: {course}',
    offerExpiredIntro: 'The seat held for you in "{course}" was not confirmed in time and passed to the next in line.',
    cancelledSubject: 'Your registration is cancelled: {course}',
    cancelledIntro: 'Your registration for "{course}" is cancelled. The calendar file attached removes it from your calendar.',
    updatedSubject: 'Course details changed: {course}',
    updatedIntro: 'The details of "{course}" changed. The calendar file attached updates your calendar.',
    courseCancelledSubject: 'Course cancelled: {course}',
    courseCancelledIntro: 'We are sorry: "{course}" is cancelled. The calendar file attached removes it from your calendar.',
    when: 'When: {start} to {end} ({zone})',
    where: 'Where: {place}',
    webinar: 'Join the webinar: {url}',
    credits: 'Credit hours: {hours}',
    myCourses: 'Your courses:',
  },
};
