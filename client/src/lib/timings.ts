/** Timings from SPEC.md section 9, in milliseconds. */
export const ALERT_VISIBLE_MS = 5000;
/**
 * A greeting that asks nothing of the reader (welcome back) goes sooner: on a phone the stack
 * lies over the bottom of the page, where the profile's buttons are after a sign-in.
 */
export const ALERT_BRIEF_MS = 2500;
export const ALERT_SLIDE_MS = 500;
export const FIRST_LOAD_ANIMATION_MS = 1300;
export const PAGE_CHANGE_SPINNER_MS = 500;
