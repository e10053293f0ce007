/**
 * The privacy notice people accept (decision 043). Its words are in the clients' catalogs under
 * `privacy.*`; a change of substance to them gets a new version here, and everyone registered
 * is asked again at their next visit (DPDP Act s.5, s.6(10): we must be able to show what each
 * person was told and when they agreed).
 */
export const PRIVACY_NOTICE_VERSION = '2026-11-29';
