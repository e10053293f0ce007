import type { PackageState } from '@almquest/contracts/packages';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import { StateBadge } from '../packages/components/state-badge';
import { useAlerts } from '../../lib/alerts';
import { ApiError, failureAlert } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { useAllowedUser } from '../auth/components/require-access';
import { TRESPASSING_ALERT } from '../auth/hooks/use-guard';
import { useDeletePackage } from './api/delete-package';
import { usePackage } from './api/get-package';
import { useMarkPackage } from './api/mark-package';
import { PairedDetails, WaitingDetails } from './components/package-details';

const successAlerts: Record<'Received' | 'Distributed', { title: string; msg: string }> = {
  Received: {
    title: 'Package Received!',
    msg: 'This package has been marked as received successfully.',
  },
  Distributed: {
    title: 'Package Distributed!',
    msg: 'Bravo! Great work on successfully distributing this package!',
  },
};

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
  const error = pkg.error instanceof ApiError ? pkg.error : null;

  // The server answers 404 for someone else's package (exactly as for a missing one); a 403
  // here comes from an older server or a malformed id (SPEC: trespassing).
  useEffect(() => {
    if (error?.status === 403 || error?.code === 'validation_failed') {
      showAlert(TRESPASSING_ALERT);
      void navigate('/', { replace: true });
    }
  }, [error, showAlert, navigate]);

  if (pkg.isPending) {
    return (
      <div className="flex justify-center py-24" role="status" aria-label="Loading the package">
        <Spinner size={64} />
      </div>
    );
  }
  if (pkg.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">
          {error?.status === 404 ? 'Package not found' : 'We could not load this package'}
        </h1>
        <p className="mt-2">
          {error?.status === 404
            ? 'It may have been deleted by its donor, or it is not one of your packages.'
            : (error?.message ?? 'Please try again.')}
        </p>
        <Link to="/profile" className={buttonClasses('primary', 'mt-6')}>
          Back to your profile
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
        onSuccess: () => showAlert({ type: 'success', ...successAlerts[state] }),
        onError: (err) => showAlert(failureAlert('That did not work', err)),
      },
    );

  const onDelete = () =>
    remove.mutate(
      { donorId: user.id ?? '', packageId: data._id },
      {
        onSuccess: () => {
          showAlert({
            type: 'success',
            title: 'Package Deleted',
            msg: 'The package has been successfully deleted.',
          });
          void navigate('/profile');
        },
        onError: (err) => {
          setIsConfirmingDelete(false);
          showAlert(failureAlert('The package was not deleted', err));
        },
      },
    );

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">Package Details</h1>
        <StateBadge state={data.current_state} />
      </div>
      <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
        Package ID <span className="font-mono break-all">{data._id}</span>
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
            {mark.isPending ? 'Saving…' : `Mark as ${step}`}
          </Button>
        )}
        {data.current_state === 'Not Paired' && (
          <Button variant="danger" onClick={() => setIsConfirmingDelete(true)}>
            Delete Package
          </Button>
        )}
      </div>

      <Modal
        title="Delete this package?"
        isOpen={isConfirmingDelete}
        onClose={() => setIsConfirmingDelete(false)}
      >
        <p>No distributor has been found for it yet. Deleting it withdraws the donation.</p>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setIsConfirmingDelete(false)}>
            Keep it
          </Button>
          <Button variant="danger" onClick={onDelete} disabled={remove.isPending}>
            {remove.isPending ? 'Deleting…' : 'Delete Package'}
          </Button>
        </div>
      </Modal>
    </div>
  );
}
