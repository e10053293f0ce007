import { Link, useNavigate, useParams } from 'react-router';
import { useEffect, useState } from 'react';
import { buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { StateBadge } from '../../components/state-badge';
import { useAllowedUser } from '../../components/require-access';
import { useI18n } from '../../i18n/i18n';
import { site } from '../../content/site';
import { useAlerts } from '../../lib/alerts';
import { ApiError } from '../../lib/api-client';
import { sayAlert, TRESPASSING_ALERT } from '../../lib/session/use-guard';
import { usePageTitle } from '../../lib/use-page-title';
import { usePackage } from '../../api/get-package';
import { usePackageAction } from '../../api/package-actions';
import { useDeletePackage } from './api/delete-package';
import { DonorWaiting, useWidenValues } from './components/donor-waiting';
import {
  DeleteDialog,
  OfferAnswer,
  PackageButtons,
  useLifecycleActions,
} from './components/lifecycle-buttons';
import { MarkForm, useMarkFormValues } from './components/mark-form';
import { OnMyWay } from './components/on-my-way';
import { PartOfDonation, WhyYou } from './components/package-notes';
import {
  HandoverCode,
  OfferDetails,
  PairedDetails,
  PickupFacts,
  WaitingDetails,
} from './components/package-details';
import { Disposal } from './components/disposal';
import { PackageLabel } from './components/package-label';
import { StandingNote } from './components/standing-note';
import { Timeline } from './components/timeline';
import { useNow } from './use-now';

/** A package as its donor, its distributor or the one it is offered to sees it. */
export function PackagePage() {
  const { packageId = '' } = useParams();
  const user = useAllowedUser();
  const pkg = usePackage(packageId);
  const { showAlert } = useAlerts();
  const navigate = useNavigate();
  const { t, errorText, formatDateTime } = useI18n();
  const error = pkg.error instanceof ApiError ? pkg.error : null;
  const action = usePackageAction(packageId);
  // What the parts hold lives here, so a refresh that fails and recovers loses none of it.
  /** After a refusal: the package as it is now. */
  const refetch = () => void pkg.refetch();
  const actions = useLifecycleActions(action, refetch);
  const remove = useDeletePackage();
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const markForm = useMarkFormValues();
  const widen = useWidenValues();
  const isOffered = pkg.data?.current_state === 'Offered';
  const now = useNow(isOffered);
  usePageTitle(error?.status === 404 ? t('package.notFound') : t('package.title'), site.brand);

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
          {error?.status === 404
            ? t('package.notFound')
            : error?.status === 409
              ? t('package.gone')
              : t('package.loadFailed')}
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

  const viewerIsOffered = data.current_state === 'Offered' && !viewerIsDonor;
  const msLeft = data.offerExpiresAt ? Date.parse(data.offerExpiresAt) - now : 0;

  const hasEnded = data.current_state === 'Cancelled' || data.current_state === 'Expired';

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">{t('package.title')}</h1>
        <StateBadge state={data.current_state} />
      </div>
      <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
        {/* The id whole on a line of its own at 390 px, never broken inside (36 characters). */}
        {t('package.id')}{' '}
        <span className="inline-block font-mono text-xs whitespace-nowrap">{data._id}</span>
      </p>
      <p className="text-sm text-gray-700 dark:text-gray-300">{formatDateTime(data.timestamp)}</p>

      {/* Near the top: a split (perhaps in the background) changes what this page holds. */}
      {viewerIsDonor && <PartOfDonation pkg={data} />}

      {hasEnded && (
        <p className="mt-4 rounded-lg bg-gray-100 p-3 font-semibold dark:bg-gray-800" role="status">
          {t(`package.ended.${data.current_state as 'Cancelled' | 'Expired'}`)}
        </p>
      )}

      {viewerIsDonor && data.current_state === 'Paired' && data.handoverCode && (
        <HandoverCode code={data.handoverCode} />
      )}

      <div className="mt-6">
        {viewerIsOffered ? (
          <OfferDetails pkg={data} msLeft={msLeft} />
        ) : data.pair && !hasEnded ? (
          <PairedDetails pkg={data} viewerIsDonor={viewerIsDonor} />
        ) : (
          <WaitingDetails pkg={data} />
        )}
      </div>
      <div className="mt-4">
        <PickupFacts pkg={data} />
      </div>
      <StandingNote pkg={data} viewerIsDonor={viewerIsDonor} />
      <Disposal pkg={data} viewerIsDistributor={viewerIsDistributor} />
      <PackageLabel pkg={data} />

      <WhyYou pkg={data} />

      {viewerIsDonor && (
        <DonorWaiting pkg={data} action={action} widen={widen} onFailed={refetch} />
      )}

      {viewerIsOffered && <OfferAnswer action={action} actions={actions} msLeft={msLeft} />}

      <OnMyWay
        pkg={data}
        viewerIsDistributor={viewerIsDistributor}
        actions={actions}
        isPending={action.isPending}
      />

      {viewerIsDistributor && (
        <MarkForm
          pkg={data}
          packageId={packageId}
          distributorId={user.id ?? ''}
          markForm={markForm}
          onFailed={refetch}
        />
      )}

      <PackageButtons
        pkg={data}
        viewerId={user.id ?? ''}
        actions={actions}
        onDelete={() => setIsConfirmingDelete(true)}
      />

      <Timeline pkg={data} />

      {actions.dialog}
      <DeleteDialog
        pkg={data}
        viewerId={user.id ?? ''}
        remove={remove}
        isOpen={isConfirmingDelete}
        onClose={() => setIsConfirmingDelete(false)}
      />
    </div>
  );
}
