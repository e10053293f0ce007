import type { Unsubscribed } from '@almquest/contracts/push';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { site } from '../../content/site';
import { useI18n } from '../../i18n/i18n';
import { usePageTitle } from '../../lib/use-page-title';
import { changeMailByToken } from './api/settings';

const said = (answer: Unsubscribed) =>
  answer.topic === 'offers'
    ? answer.subscribed
      ? 'unsubscribe.offersOn'
      : 'unsubscribe.offersOff'
    : answer.subscribed
      ? 'unsubscribe.updatesOn'
      : 'unsubscribe.updatesOff';

/** What the link is about, read from its token (`<user>.<topic>.<signature>`) to ask first. */
function askFor(token: string) {
  const topic = token.split('.')[1];
  return topic === 'offers'
    ? 'unsubscribe.askOffers'
    : topic === 'updates'
      ? 'unsubscribe.askUpdates'
      : 'unsubscribe.ask';
}

/**
 * Where an e-mail's "Stop these e-mails" link lands: no sign-in, one button. Nothing changes
 * until the person presses it: a mail scanner may open links in a browser that runs scripts.
 * (Mail programs with one-click unsubscribe post to the API themselves, RFC 8058.) It says what
 * changed, and offers to undo it.
 */
export default function UnsubscribePage() {
  const { t, errorText } = useI18n();
  usePageTitle(t('unsubscribe.title'), site.brand);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const change = useMutation({
    mutationFn: (undoToken?: string) =>
      undoToken ? changeMailByToken(undoToken, true) : changeMailByToken(token, false),
  });

  const isInvalid =
    !token ||
    (change.variables === undefined &&
      (change.error as { code?: string } | null)?.code === 'validation_failed') ||
    (change.error as { code?: string } | null)?.code === 'bad_request';
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{t('unsubscribe.title')}</h1>
      <div className="mt-6" aria-live="polite">
        {change.isPending && (
          <p role="status" className="flex items-center justify-center gap-3">
            <Spinner />
            {t('unsubscribe.working')}
          </p>
        )}
        {change.isIdle && token && (
          <>
            <p className="text-lg">{t(askFor(token))}</p>
            <Button className="mt-4" onClick={() => change.mutate(undefined)}>
              {t('unsubscribe.confirm')}
            </Button>
          </>
        )}
        {isInvalid && <p role="alert">{t('unsubscribe.invalid')}</p>}
        {!isInvalid && change.isError && (
          <div role="alert">
            <p>{errorText(change.error)}</p>
            <Button className="mt-4" onClick={() => change.mutate(undefined)}>
              {t('common.tryAgain')}
            </Button>
          </div>
        )}
        {change.data && (
          <>
            <p className="text-lg">{t(said(change.data))}</p>
            {!change.data.subscribed && change.data.undoToken && (
              <Button
                variant="secondary"
                className="mt-4"
                onClick={() => change.mutate(change.data.undoToken)}
              >
                {t('unsubscribe.undo')}
              </Button>
            )}
          </>
        )}
      </div>
      <p className="mt-8 text-sm text-gray-700 dark:text-gray-300">{t('unsubscribe.profile')}</p>
      <Link to="/profile" className={buttonClasses('ghost', 'mt-2')}>
        {t('menu.viewProfile')}
      </Link>
    </div>
  );
}
