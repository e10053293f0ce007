import type { PackageState } from '@almquest/contracts/packages';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import { StateBadge } from '../packages/components/state-badge';
import { useAlerts } from '../../lib/alerts';
import { useI18n } from '../../i18n/i18n';
import { ApiError, failureAlert } from '../../lib/api-client';
import { useAllowedUser } from '../auth/components/require-access';
import { sayAlert, TRESPASSING_ALERT } from '../auth/hooks/use-guard';
import { useDeletePackage } from './api/delete-package';
import { usePackage } from './api/get-package';
import { useMarkPackage } from './api/mark-package';
import { PairedDetails, WaitingDetails } from './components/package-details';

const successAlerts = {
  Received: { title: 'package.received.title', msg: 'package.received.msg' },
  Distributed: { title: 'package.distributed.title', msg: 'package.distributed.msg' },
} as const;

const nextStep: Partial<Record<PackageState, 'Received' | 'Distributed'>> = {
  Paired: 'Received',
  Received: 'Distributed',
};

export default function TransactionPage() {
  const { transactionId = '' } = useParams();
  const user = useAllowedUser();
  const pkg = usePackage(transactionId);
  const mark = useMarkPackage(transactionId);
  const remove = useDeletePackage();
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const { showAlert } = useAlerts();
  const navigate = useNavigate();
  const { t, errorText, formatDateTime } = useI18n();
  const error = pkg.error instanceof ApiError ? pkg.error : null;

  // The server answers 404 for someone else's package (exactly as for a missing one); a 403
  // here comes from an older server or a malformed id (SPEC: trespassing).
  useEffect(() => {
    if (error?.status === 403 || error?.code === 'validation_failed') {
      showAlert(sayAlert(TRESPASSING_ALERT, t));
      void navigate('/', { replace: true });
    }
  }, [error, showAlert, navigate, t]);

  if (pkg.isPending) {
    return (
      <div className="flex justify-center py-24" role="status" aria-label={t('package.loading')}>
        <Spinner size={64} />
      </div>
    );
  }
  if (pkg.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">
          {error?.status === 404 ? t('package.notFound') : t('package.loadFailed')}
        </h1>
        <p className="mt-2">
          {error?.status === 404 ? t('package.notFound.text') : errorText(pkg.error)}
        </p>
        <Link to="/profile" className={buttonClasses('primary', 'mt-6')}>
          {t('package.backToProfile')}
        </Link>
      </div>
    );
  }

  const data = pkg.data;
  const viewerIsDonor = data.donor_id === user.id;
  const viewerIsDistributor = data.pair?.distributor_id === user.id;
  const step = viewerIsDistributor ? nextStep[data.current_state] : undefined;

  const onMark = (state: 'Received' | 'Distributed') =>
    mark.mutate(
      { donor_id: data.donor_id ?? '', distributor_id: user.id ?? '', packageId: data._id, state },
      {
        onSuccess: () =>
          showAlert({
            type: 'success',
            title: t(successAlerts[state].title),
            msg: t(successAlerts[state].msg),
          }),
        onError: (err) => showAlert(failureAlert(t('package.markFailed'), err, errorText)),
      },
    );

  const onDelete = () =>
    remove.mutate(
      { donorId: user.id ?? '', packageId: data._id },
      {
        onSuccess: () => {
          showAlert({
            type: 'success',
            title: t('package.deleted.title'),
            msg: t('package.deleted.msg'),
          });
          void navigate('/profile');
        },
        onError: (err) => {
          setIsConfirmingDelete(false);
          showAlert(failureAlert(t('package.deleteFailed'), err, errorText));
        },
      },
    );

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">{t('package.title')}</h1>
        <StateBadge state={data.current_state} />
      </div>
      <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
        {t('package.id')} <span className="font-mono break-all">{data._id}</span>
      </p>
      <p className="text-sm text-gray-700 dark:text-gray-300">{formatDateTime(data.timestamp)}</p>

      <div className="mt-6">
        {data.pair ? (
          <PairedDetails pkg={data} viewerIsDonor={viewerIsDonor} />
        ) : (
          <WaitingDetails pkg={data} />
        )}
      </div>

      <div className="mt-6 flex flex-wrap gap-3">
        {step && (
          <Button onClick={() => onMark(step)} disabled={mark.isPending}>
            {mark.isPending ? t('common.saving') : t(`package.markAs.${step}`)}
          </Button>
        )}
        {data.current_state === 'Not Paired' && (
          <Button variant="danger" onClick={() => setIsConfirmingDelete(true)}>
            {t('package.delete')}
          </Button>
        )}
      </div>

      <Modal
        title={t('package.delete.title')}
        isOpen={isConfirmingDelete}
        onClose={() => setIsConfirmingDelete(false)}
      >
        <p>{t('package.delete.text')}</p>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setIsConfirmingDelete(false)}>
            {t('package.delete.keep')}
          </Button>
          <Button variant="danger" onClick={onDelete} disabled={remove.isPending}>
            {remove.isPending ? t('common.deleting') : t('package.delete')}
          </Button>
        </div>
      </Modal>
    </div>
  );
}
