/**
 * Live chat with the Agency Care Desk (issue 18): the server's refusals, word for word (their codes and Spanish in
 * the messages namespace of src/lib/i18n). A plain module: the catalogue imports it, so it carries no schema code.
 */
export const CHAT_MESSAGES = {
  /** StartChat when no staff member is available (409): the panel offers the web-to-case form. */
  notAvailable: 'No one at the Agency Care Desk is available right now.',
  /** A console call by someone who is not care-desk staff (403). */
  notStaff: 'Only Agency Care Desk staff can use the chat console.',
  /** A chat id the caller may not see, or that does not exist (404). */
  chatNotFound: 'Chat not found.',
  /** Writing in, or closing, a closed chat (409). */
  chatClosed: 'This chat is closed.',
  /** Staff acting on a waiting chat before accepting it (409). */
  acceptFirst: 'Accept this chat before you answer it.',
  /** Staff acting on a chat another staff member holds (403). */
  notYourChat: 'Another staff member is answering this chat.',
  /** AcceptChat of a chat another staff member accepted first, or that was closed (409). */
  alreadyAccepted: 'This chat is no longer waiting: another staff member accepted it, or it was closed.',
  /** TransferChat to someone who is not available care-desk staff (409). */
  transferTarget: 'Choose a staff member who is available now.',
  /** More than the per-minute message limit (429). */
  tooManyMessages: 'You are sending messages too fast. Please wait a minute and try again.',
  /** More chat streams open than allowed per user (429). */
  tooManyStreams: 'Too many chat windows are open. Close another portal tab and try again.',
  /** A care-desk staff member set away while holding chats is still allowed; a staff member away may not accept (409). */
  setAvailableFirst: 'Set yourself available before you accept chats.',
} as const;
