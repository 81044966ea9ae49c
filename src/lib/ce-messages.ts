/** CE course registration: the calls' refusals (issue 16; their Spanish in the messages namespace). */
export const CE_MESSAGES = {
  alreadyRegistered: 'You are already registered for this course.',
  full: 'This course is full.',
  closed: 'Registration for this course is closed.',
  courseNotFound: 'Course not found.',
  linkInvalid: 'This link is not valid or has expired.',
  cancelTooLate: 'A registration can be cancelled only before the course starts.',
  offerExpired: 'This seat offer has expired.',
  registrationNotFound: 'Registration not found.',
  notAnOffer: 'There is no seat offer to answer for this registration.',
  agencyNotYours: 'You are not a member of this agency.',
} as const;
