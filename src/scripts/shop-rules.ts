/**
 * The ZIP and phone patterns of src/lib/claim/validation.ts, copied for the store locator's plain scripts: importing
 * validation.ts from them would split it out of the islands' shared chunk and change other pages' files
 * (tests/unit/shop-search.test.ts checks the copies stay equal).
 */
export const ZIP_PATTERN = /^\d{5}(?:-?\d{4})?$/;
export const PHONE_PATTERN = /^(?:\(\d{3}\)|\d{3})[-.\s]?\d{3}[-.\s]?\d{4}$/;
