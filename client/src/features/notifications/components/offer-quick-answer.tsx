import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../i18n/i18n';
import { useAlerts } from '../../../lib/alerts';
import { failureAlert } from '../../../lib/api-client';
import { packageQueryKey } from '../../../api/get-package';
import { invalidateOwnData } from '../../../api/mark-package';
import { runPackageAction } from '../../../api/package-actions';

/**
 * Accept or decline an offer without opening its page (the bell and the toast offer it). An
 * offer that has lapsed or gone meanwhile is refused by the server, which the alert says.
 */
export function OfferQuickAnswer({
  packageId,
  onDone,
}: {
  packageId: string;
  onDone?: () => void;
}) {
  const { t, errorText } = useI18n();
  const { showAlert } = useAlerts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const answer = useMutation({
    mutationFn: (kind: 'accept' | 'decline') =>
      runPackageAction(packageId, kind === 'accept' ? { kind } : { kind, body: {} }),
    onSuccess: (pkg, kind) => {
      invalidateOwnData(queryClient);
      void queryClient.invalidateQueries({ queryKey: packageQueryKey(packageId) });
      onDone?.();
      if (kind === 'accept') {
        showAlert({
          type: 'success',
          title: t('package.offer.accepted.title'),
          msg: t('package.offer.accepted.msg'),
          ...(pkg ? { link: `/transaction/${packageId}` } : {}),
        });
        void navigate(`/transaction/${packageId}`);
      } else {
        showAlert({
          type: 'success',
          title: t('package.offer.declined.title'),
          msg: t('package.offer.declined.msg'),
        });
      }
    },
    onError: (err) => showAlert(failureAlert(t('package.offer.failed'), err, errorText)),
  });
  return (
    <div className="flex gap-2" role="group" aria-label={t('package.offer.title')}>
      <Button
        className="min-h-9 px-3 py-1 text-sm"
        onClick={() => answer.mutate('accept')}
        disabled={answer.isPending}
      >
        {t('package.offer.accept')}
      </Button>
      <Button
        variant="secondary"
        className="min-h-9 px-3 py-1 text-sm"
        onClick={() => answer.mutate('decline')}
        disabled={answer.isPending}
      >
        {t('package.offer.decline')}
      </Button>
    </div>
  );
}
