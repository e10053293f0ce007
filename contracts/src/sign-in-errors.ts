// No zod here: the landing page imports this, and zod stays out of the first page's bundle.

/**
 * Why a sign-in failed. The server sends only the code back to the app (`?signInError=code`);
 * the app shows its own fixed text for it, so nothing typed into a URL is ever shown.
 */
export const SIGN_IN_ERRORS = {
  expired: 'Your sign-in took too long or was already used. Please try again.',
  cancelled: 'Sign-in was cancelled.',
  no_email: 'Your account has no email address, which AlmQuest needs.',
  unverified_email: 'Please verify your email address with your provider first.',
  provider: 'The sign-in provider refused the sign-in. Please try again.',
  rate_limited: 'Too many sign-in attempts from your network. Please wait a minute and try again.',
  suspended: 'Your account is suspended.',
  failed: 'Sign-in failed. Please try again.',
} as const;
export type SignInErrorCode = keyof typeof SIGN_IN_ERRORS;

/** A code from the URL, as one of ours: anything unknown is the generic `failed`. */
export function signInErrorCode(code: string): SignInErrorCode {
  return Object.hasOwn(SIGN_IN_ERRORS, code) ? (code as SignInErrorCode) : 'failed';
}

/** The fixed (English) message for a code from the URL; anything unknown gets the generic one. */
export function signInErrorMessage(code: string): string {
  return SIGN_IN_ERRORS[signInErrorCode(code)];
}
