/** Timings from SPEC.md section 9, in milliseconds. */
export const ALERT_VISIBLE_MS = 5000;
export const ALERT_SLIDE_MS = 500;
export const FIRST_LOAD_ANIMATION_MS = 1300;
export const PAGE_CHANGE_SPINNER_MS = 500;
