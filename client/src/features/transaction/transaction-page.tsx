import {
  type PackageState,
  TogglePackageRequestSchema,
  type WidenRequest,
  WidenRequestSchema,
} from '@almquest/contracts/packages';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { TextAreaField, TextField } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import { StateBadge } from '../packages/components/state-badge';
import { useAlerts } from '../../lib/alerts';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/messages/en';
import { ApiError, failureAlert } from '../../lib/api-client';
import { useAllowedUser } from '../auth/components/require-access';
import { sayAlert, TRESPASSING_ALERT } from '../auth/hooks/use-guard';
import { useDeletePackage } from './api/delete-package';
import { DonationPage } from '../donations/donation-page';
import { ReportButton } from './components/report-dialog';
import { WaitingExplanation, WIDEN_CONFIRM_OVER_KM } from './components/waiting-explanation';
import { usePackage } from './api/get-package';
import { useMarkPackage } from './api/mark-package';
import { type PackageAction, usePackageAction } from './api/package-actions';
import { useForm } from '../../lib/use-form';
import { usePageTitle } from '../../lib/use-page-title';
import { site } from '../../content/site';
import {
  HandoverCode,
  OfferDetails,
  PairedDetails,
  PickupFacts,
  Timeline,
  WaitingDetails,
} from './components/package-details';

const successAlerts = {
  Received: { title: 'package.received.title', msg: 'package.received.msg' },
  Distributed: { title: 'package.distributed.title', msg: 'package.distributed.msg' },
} as const;

const nextStep: Partial<Record<PackageState, 'Received' | 'Distributed'>> = {
  Paired: 'Received',
  Received: 'Distributed',
};

/** The clock, once a second while `isTicking` (an offer's countdown). */
function useNow(isTicking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isTicking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [isTicking]);
  return now;
}

type ReasonAsk = {
  kind: 'decline' | 'release' | 'cancel';
  title: MessageKey;
  text?: MessageKey;
  confirm: MessageKey;
  keep: MessageKey;
};
const reasonAsks: Record<ReasonAsk['kind'], ReasonAsk> = {
  decline: {
    kind: 'decline',
    title: 'package.decline.title',
    text: 'package.decline.text',
    confirm: 'package.offer.decline',
    keep: 'common.cancel',
  },
  release: {
    kind: 'release',
    title: 'package.release.title',
    text: 'package.release.text',
    confirm: 'package.release.confirm',
    keep: 'common.cancel',
  },
  cancel: {
    kind: 'cancel',
    title: 'package.cancel.title',
    text: 'package.cancel.text',
    confirm: 'package.cancel',
    keep: 'package.cancel.keep',
  },
};

/** Asks "are you sure?" with an optional reason, for decline, release and cancel. */
function ReasonDialog({
  ask,
  isPending,
  onClose,
  onConfirm,
}: {
  ask: ReasonAsk | null;
  isPending: boolean;
  onClose: () => void;
  onConfirm: (reason: string | undefined) => void;
}) {
  const { t } = useI18n();
  const [reason, setReason] = useState('');
  return (
    <Modal title={ask ? t(ask.title) : ''} isOpen={ask !== null} onClose={onClose}>
      {ask && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm(reason.trim() || undefined);
          }}
        >
          {ask.text && <p>{t(ask.text)}</p>}
          <TextAreaField
            className="mt-4"
            label={t('package.reason')}
            value={reason}
            maxLength={300}
            rows={3}
            onChange={(e) => setReason(e.target.value)}
          />
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={onClose}>
              {t(ask.keep)}
            </Button>
            <Button type="submit" variant="danger" disabled={isPending}>
              {isPending ? t('common.saving') : t(ask.confirm)}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/**
 * The package page, and a split donation's page, which shares its chunk and route
 * element: one more page for no more bytes on the first page.
 */
export default function TransactionPage() {
  return useParams().groupId ? <DonationPage /> : <PackagePage />;
}

function PackagePage() {
  const { transactionId = '' } = useParams();
  const user = useAllowedUser();
  const pkg = usePackage(transactionId);
  const mark = useMarkPackage(transactionId);
  const remove = useDeletePackage();
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const { showAlert } = useAlerts();
  const navigate = useNavigate();
  const { t, errorText, formatDateTime, formatNumber } = useI18n();
  const error = pkg.error instanceof ApiError ? pkg.error : null;
  const action = usePackageAction(transactionId);
  const [asking, setAsking] = useState<ReasonAsk | null>(null);
  const markForm = useForm({ code: '', servedCount: '' });
  const widenForm = useForm({ travelCapacity: '' });
  const [confirmingWiden, setConfirmingWiden] = useState<number | null>(null);
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
  const step = viewerIsDistributor ? nextStep[data.current_state] : undefined;

  const viewerIsOffered = data.current_state === 'Offered' && !viewerIsDonor;
  const msLeft = data.offerExpiresAt ? Date.parse(data.offerExpiresAt) - now : 0;

  const onMark = (event: FormEvent) => {
    event.preventDefault();
    if (!step || mark.isPending) return;
    const { code, servedCount } = markForm.values;
    const body = markForm.check(TogglePackageRequestSchema, {
      donor_id: data.donor_id ?? '',
      distributor_id: user.id ?? '',
      packageId: data._id,
      state: step,
      ...(step === 'Received' ? { code } : servedCount.trim() ? { servedCount } : {}),
    });
    if (!body) return;
    mark.mutate(body, {
      onSuccess: () =>
        showAlert({
          type: 'success',
          title: t(successAlerts[step].title),
          msg: t(successAlerts[step].msg),
        }),
      onError: (err) => {
        markForm.failed(t('package.markFailed'))(err);
        // Locked, or changed meanwhile: show the package as it is now (and until when).
        void pkg.refetch();
      },
    });
  };

  /** Runs a lifecycle action and says how it went; those that end the viewer's part leave. */
  const run = (act: PackageAction, done: { title: MessageKey; msg?: MessageKey }) =>
    action.mutate(act, {
      onSuccess: (after) => {
        setAsking(null);
        showAlert({ type: 'success', title: t(done.title), msg: done.msg ? t(done.msg) : '' });
        if (!after) void navigate('/profile');
      },
      onError: (err) => {
        setAsking(null);
        showAlert(failureAlert(t('package.offer.failed'), err, errorText));
        void pkg.refetch();
      },
    });

  const onReason = (reason: string | undefined) => {
    if (!asking) return;
    const body = reason ? { reason } : {};
    if (asking.kind === 'decline') {
      run(
        { kind: 'decline', body },
        { title: 'package.offer.declined.title', msg: 'package.offer.declined.msg' },
      );
    } else if (asking.kind === 'release') {
      run(
        { kind: 'release', body },
        { title: 'package.released.title', msg: 'package.released.msg' },
      );
    } else {
      run(
        { kind: 'cancel', body },
        { title: 'package.cancelled.title', msg: 'package.cancelled.msg' },
      );
    }
  };

  const onWiden = (event: FormEvent) => {
    event.preventDefault();
    const body = widenForm.check(WidenRequestSchema, widenForm.values);
    if (!body) return;
    // A long way farther than now is asked once more, as the explanation's suggestion is.
    const km = Number(body.travelCapacity);
    if (km - data.travelCapacity > WIDEN_CONFIRM_OVER_KM && confirmingWiden !== km) {
      setConfirmingWiden(km);
      return;
    }
    setConfirmingWiden(null);
    action.mutate(
      { kind: 'widen', body },
      {
        onSuccess: () => {
          widenForm.setValues({ travelCapacity: '' });
          showAlert({ type: 'success', title: t('package.widened.title'), msg: '' });
        },
        onError: (err) => {
          widenForm.failed(t('package.offer.failed'))(err);
          void pkg.refetch();
        },
      },
    );
  };

  /** One tap on a suggestion of the explanation: widen to its distance, or allow splitting. */
  const onSuggestion = (body: WidenRequest) =>
    action.mutate(
      { kind: 'widen', body },
      {
        onSuccess: (after) => {
          // Split: this page now holds one part; the donation's page shows them all and what
          // still waits.
          const isSplit = body.allowSplit && after?.groupId;
          showAlert({
            type: after?.current_state === 'Not Paired' ? 'info' : 'success',
            title: t(body.allowSplit ? 'package.splitAllowed.title' : 'package.widened.title'),
            msg: isSplit
              ? t('donate.done.split')
              : after?.current_state === 'Not Paired'
                ? t('package.stillWaiting')
                : '',
          });
          if (isSplit) void navigate(`/donations/${after.groupId}`);
        },
        onError: (err) => {
          showAlert(failureAlert(t('package.offer.failed'), err, errorText));
          void pkg.refetch();
        },
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
          // A part of a donation: back to the donation, where the other parts go on (unless this
          // was the last, and the donation is gone with it).
          const isLastPart = data.groupQuantity === null || data.groupQuantity <= data.quantity;
          void navigate(data.groupId && !isLastPart ? `/donations/${data.groupId}` : '/profile');
        },
        onError: (err) => {
          setIsConfirmingDelete(false);
          showAlert(failureAlert(t('package.deleteFailed'), err, errorText));
        },
      },
    );

  const isWaiting = data.current_state === 'Not Paired' || data.current_state === 'Offered';
  // Not Paired: Delete withdraws it (SPEC); once someone is involved, Cancel tells them.
  const canCancel =
    viewerIsDonor && (data.current_state === 'Offered' || data.current_state === 'Paired');
  const isLocked =
    data.handoverLockedUntil !== null && Date.parse(data.handoverLockedUntil) > Date.now();
  const hasEnded = data.current_state === 'Cancelled' || data.current_state === 'Expired';

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

      {/* Near the top: a split (perhaps in the background) changes what this page holds. */}
      {viewerIsDonor && data.groupId && (
        <p className="mt-4 rounded-lg bg-sky-50 p-3 dark:bg-sky-950" data-testid="part-of-donation">
          {t('package.group.part', {
            count: data.quantity,
            total: data.groupQuantity ?? data.quantity,
          })}{' '}
          <Link to={`/donations/${data.groupId}`} className="font-semibold underline">
            {t('package.group.open')}
          </Link>
        </p>
      )}

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

      {data.whyYou && (
        <p className="mt-4 rounded-lg bg-sky-50 p-3 dark:bg-sky-950" data-testid="why-you">
          {t(
            data.whyYou.byCoordinator
              ? 'package.whyYouCoordinator'
              : data.whyYou.roomAfter === 0
                ? 'package.whyYouFills'
                : 'package.whyYou',
            {
              km: data.whyYou.distanceKm,
              count: data.whyYou.roomAfter,
            },
          )}
        </p>
      )}

      {viewerIsDonor && data.current_state === 'Not Paired' && data.explanation && (
        <WaitingExplanation
          explanation={data.explanation}
          quantity={data.quantity}
          travelCapacity={data.travelCapacity}
          isPending={action.isPending}
          onWiden={(travelCapacity) => onSuggestion({ travelCapacity })}
          onSplit={() => onSuggestion({ allowSplit: true })}
        />
      )}

      {viewerIsDonor && data.current_state === 'Offered' && data.offerExpiresAt && (
        <p className="mt-4 rounded-lg bg-violet-50 p-3 dark:bg-violet-950" role="status">
          {t('package.offer.waiting', { time: formatDateTime(data.offerExpiresAt) })}
        </p>
      )}

      {viewerIsOffered && (
        <div className="mt-6 flex flex-wrap gap-3">
          <Button
            onClick={() =>
              run(
                { kind: 'accept' },
                { title: 'package.offer.accepted.title', msg: 'package.offer.accepted.msg' },
              )
            }
            disabled={action.isPending || msLeft <= 0}
          >
            {t('package.offer.accept')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => setAsking(reasonAsks.decline)}
            disabled={action.isPending}
          >
            {t('package.offer.decline')}
          </Button>
        </div>
      )}

      {step && (
        <form noValidate onSubmit={onMark} className="mt-6 max-w-sm space-y-4">
          {step === 'Received' ? (
            <TextField
              label={t('package.handover.enter')}
              hint={
                data.handoverLockedUntil
                  ? t('package.handover.locked', {
                      time: formatDateTime(data.handoverLockedUntil),
                    })
                  : t('package.handover.enterHint')
              }
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={4}
              {...markForm.textField('code')}
            />
          ) : (
            <TextField
              label={t('package.servedCount')}
              inputMode="numeric"
              {...markForm.textField('servedCount')}
            />
          )}
          <Button type="submit" disabled={mark.isPending || (step === 'Received' && isLocked)}>
            {mark.isPending ? t('common.saving') : t(`package.markAs.${step}`)}
          </Button>
        </form>
      )}

      {viewerIsDonor && isWaiting && (
        <form noValidate onSubmit={onWiden} className="mt-6 max-w-sm space-y-3">
          <h2 className="text-lg font-bold">{t('package.widen')}</h2>
          <TextField
            label={t('package.widen.label')}
            hint={t('package.widen.hint')}
            // A few km farther than now: never a figure it cannot be widened to.
            placeholder={t('donate.travel.value', {
              km: formatNumber(Math.floor(data.travelCapacity) + 5),
            })}
            {...widenForm.textField('travelCapacity')}
          />
          {confirmingWiden !== null && (
            <p className="font-semibold" role="status">
              {t('explain.widen.confirm', { km: confirmingWiden, now: data.travelCapacity })}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <Button id="widen-submit" type="submit" variant="secondary" disabled={action.isPending}>
              {confirmingWiden !== null
                ? t('explain.widen.yes', { km: confirmingWiden })
                : t('package.widen.save')}
            </Button>
            {confirmingWiden !== null && (
              <Button
                variant="ghost"
                onClick={() => {
                  setConfirmingWiden(null);
                  // The button goes away with the question: the focus goes back to the form's.
                  setTimeout(() => document.getElementById('widen-submit')?.focus(), 0);
                }}
              >
                {t('explain.widen.no')}
              </Button>
            )}
          </div>
        </form>
      )}

      <div className="mt-6 flex flex-wrap gap-3">
        {viewerIsDistributor && data.current_state === 'Paired' && (
          <Button variant="secondary" onClick={() => setAsking(reasonAsks.release)}>
            {t('package.release')}
          </Button>
        )}
        {canCancel && (
          <Button variant="danger" onClick={() => setAsking(reasonAsks.cancel)}>
            {t('package.cancel')}
          </Button>
        )}
        {data.current_state === 'Not Paired' && viewerIsDonor && (
          <Button variant="danger" onClick={() => setIsConfirmingDelete(true)}>
            {t('package.delete')}
          </Button>
        )}
        {/* A donor reports a no-show: there is someone to report once a distributor accepted. */}
        {(!viewerIsDonor || data.pair) && (
          <ReportButton packageId={data._id} isDonor={viewerIsDonor} />
        )}
      </div>

      <Timeline pkg={data} />

      <ReasonDialog
        ask={asking}
        isPending={action.isPending}
        onClose={() => setAsking(null)}
        onConfirm={onReason}
      />

      <Modal
        title={t('package.delete.title')}
        isOpen={isConfirmingDelete}
        onClose={() => setIsConfirmingDelete(false)}
      >
        <p>
          {/* A part beside others withdraws only its meals; the last one left is the donation. */}
          {data.groupId && (data.groupQuantity ?? 0) > data.quantity
            ? t('package.delete.partText', { count: data.quantity })
            : t('package.delete.text')}
        </p>
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
