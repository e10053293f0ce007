/**
 * Whether the person in this tab picked a language themselves: only such a pick is
 * written to their account; otherwise the account's own language wins at sign-in. Kept in
 * sessionStorage (this tab, until it closes) and forgotten at sign-out.
 */
const PICKED_KEY = 'lang-picked';

/** Marks that the person in this tab chose a language with the picker (not just inherited it). */
export function markLanguagePicked() {
  try {
    sessionStorage.setItem(PICKED_KEY, '1');
  } catch {
    // Storage refused (private mode): the account simply keeps its language.
  }
}

/** Forgets that mark: the next person to sign in here keeps their own account's language. */
export function forgetLanguagePicked() {
  try {
    sessionStorage.removeItem(PICKED_KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

export function wasLanguagePicked(): boolean {
  try {
    return sessionStorage.getItem(PICKED_KEY) === '1';
  } catch {
    return false;
  }
}
