/** What agency search shares without its contracts (the dashboard's search box loads no zod schema for it: issue 14). */

/** The search fields of AgencySearch/GetAgencies, in the order the forms offer them. */
export const SEARCH_FIELDS = ['AccountNumber', 'AgencyName', 'PrimaryPhone', 'Email'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];
