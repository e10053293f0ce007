import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAlerts } from '../lib/alerts';
import { fetchSessionUser, firstName, sessionQueryKey } from '../lib/session/session';
import { useQueryClient } from '@tanstack/react-query';
import { signInErrorCode } from '@almquest/contracts/sign-in-errors';
import { type I18n, useI18n } from '../i18n/i18n';

/**
 * After the server finishes a sign-in it sends the browser back with ?signedIn=1 (or
 * ?signInError=…). Here the user is checked by e-mail: registered -> welcome back; not yet ->
 * warning and off to /register (SPEC section 4).
 */
export function SignInEffects() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showAlert } = useAlerts();
  const { t } = useI18n();
  const handled = useRef('');

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const signedIn = params.get('signedIn');
    const signInError = params.get('signInError');
    if (!signedIn && !signInError) return;
    const key = location.key + location.search;
    if (handled.current === key) return;
    handled.current = key;
    params.delete('signedIn');
    params.delete('signInError');
    const rest = params.toString();
    // The page's guard stays quiet about this arrival (see arrivedFromSignIn): what follows here
    // says the one thing that matters.
    void navigate(`${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`, {
      replace: true,
      ...(signedIn ? { state: { fromSignIn: true } } : {}),
    });

    if (signInError) {
      // Only a code comes in the URL; the text is ours, so a crafted link cannot put words here.
      showAlert({
        type: 'error',
        title: t('signIn.failed'),
        msg: t(`signIn.error.${signInErrorCode(signInError)}`),
      });
      return;
    }
    void (async () => {
      try {
        const user = await queryClient.fetchQuery({
          queryKey: sessionQueryKey,
          queryFn: fetchSessionUser,
          staleTime: 0,
        });
        if (!user) return;
        // Loaded only now, after a sign-in: its contract (zod) stays out of the landing page.
        const { whatAfterSignIn } = await import('../features/register/api/check-exist');
        const next = await whatAfterSignIn(user, location.pathname);
        // The server's choice of name (an organisation whole); a coordinator by first name.
        const name = next.greetingName ?? firstName(user.name);
        // Said again when shown: the account's language may take over the page right after this.
        const say = (said: I18n['t']) =>
          next.isWelcome
            ? { title: said('signIn.welcomeBack', { name }), msg: said('signIn.goodToSeeYou') }
            : { title: said('signIn.notRegistered'), msg: said('signIn.pleaseRegister') };
        showAlert({
          ...say(t),
          say,
          ...(next.isWelcome
            ? { type: 'success', isBrief: true }
            : // Registering answers it: the success replaces it.
              { type: 'warning', group: 'signIn' }),
        });
        if (next.to) void navigate(next.to, { replace: true });
      } catch {
        showAlert({
          type: 'error',
          title: t('signIn.failed'),
          msg: t('signIn.accountNotLoaded'),
        });
      }
    })();
  }, [location, navigate, queryClient, showAlert, t]);

  return null;
}
