import type { Package } from '@almquest/contracts/packages';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages/en';
import { useAlerts } from '../../../lib/alerts';
import { failureAlert } from '../../../lib/api-client';
import { type PackageAction, type usePackageAction } from '../../../api/package-actions';
import type { useDeletePackage } from '../api/delete-package';
import { type ReasonAsk, ReasonDialog, reasonAsks } from './reason-dialog';
import { ReportButton } from './report-dialog';

type Action = ReturnType<typeof usePackageAction>;
type Done = { title: MessageKey; msg?: MessageKey };

const reasonDone: Record<ReasonAsk['kind'], Done> = {
  decline: { title: 'package.offer.declined.title', msg: 'package.offer.declined.msg' },
  release: { title: 'package.released.title', msg: 'package.released.msg' },
  cancel: { title: 'package.cancelled.title', msg: 'package.cancelled.msg' },
};

/**
 * The page's lifecycle actions: `run` runs one and says how it went (those that end the viewer's
 * part leave for the profile); `ask` opens the reason dialog for decline, release and cancel,
 * which `dialog` draws. Kept by the page, so a dialog and its text outlast a refresh.
 */
export function useLifecycleActions(action: Action, onFailed: () => void) {
  const { t, errorText } = useI18n();
  const { showAlert } = useAlerts();
  const navigate = useNavigate();
  const [asking, setAsking] = useState<ReasonAsk | null>(null);
  const run = (act: PackageAction, done: Done) =>
    action.mutate(act, {
      onSuccess: (after) => {
        setAsking(null);
        showAlert({ type: 'success', title: t(done.title), msg: done.msg ? t(done.msg) : '' });
        if (!after) void navigate('/profile');
      },
      onError: (err) => {
        setAsking(null);
        showAlert(failureAlert(t('package.offer.failed'), err, errorText));
        onFailed();
      },
    });
  const dialog = (
    <ReasonDialog
      ask={asking}
      isPending={action.isPending}
      onClose={() => setAsking(null)}
      onConfirm={(reason) => {
        if (!asking) return;
        const kind = asking.kind;
        run({ kind, body: reason ? { reason } : {} }, reasonDone[kind]);
      }}
    />
  );
  return { run, ask: (kind: ReasonAsk['kind']) => setAsking(reasonAsks[kind]), dialog };
}
type LifecycleActions = ReturnType<typeof useLifecycleActions>;

/** The offered distributor's answer: accept while the offer lasts, or decline with a reason. */
export function OfferAnswer({
  action,
  actions,
  msLeft,
}: {
  action: Action;
  actions: LifecycleActions;
  msLeft: number;
}) {
  const { t } = useI18n();
  return (
    <div className="mt-6 flex flex-wrap gap-3">
      <Button
        onClick={() =>
          actions.run(
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
        onClick={() => actions.ask('decline')}
        disabled={action.isPending}
      >
        {t('package.offer.decline')}
      </Button>
    </div>
  );
}

/** Release (the distributor), cancel or delete (the donor), and report, as the state allows. */
export function PackageButtons({
  pkg,
  viewerId,
  actions,
  onDelete,
}: {
  pkg: Package;
  viewerId: string;
  actions: LifecycleActions;
  /** Opens the question whether to delete it. */
  onDelete: () => void;
}) {
  const { t } = useI18n();
  const viewerIsDonor = pkg.donor_id === viewerId;
  const viewerIsDistributor = pkg.pair?.distributor_id === viewerId;
  // Not Paired: Delete withdraws it (SPEC); once someone is involved, Cancel tells them.
  const canCancel =
    viewerIsDonor && (pkg.current_state === 'Offered' || pkg.current_state === 'Paired');
  return (
    <div className="mt-6 flex flex-wrap gap-3">
      {viewerIsDistributor && pkg.current_state === 'Paired' && (
        <Button variant="secondary" onClick={() => actions.ask('release')}>
          {t('package.release')}
        </Button>
      )}
      {canCancel && (
        <Button variant="danger" onClick={() => actions.ask('cancel')}>
          {t('package.cancel')}
        </Button>
      )}
      {pkg.current_state === 'Not Paired' && viewerIsDonor && (
        <Button variant="danger" onClick={onDelete}>
          {t('package.delete')}
        </Button>
      )}
      {/* A donor reports a no-show: there is someone to report once a distributor accepted. */}
      {(!viewerIsDonor || pkg.pair) && <ReportButton packageId={pkg._id} isDonor={viewerIsDonor} />}
    </div>
  );
}

/** "Delete this package?", and deleting it: back to the donation or the profile afterwards. */
export function DeleteDialog({
  pkg,
  viewerId,
  remove,
  isOpen,
  onClose,
}: {
  pkg: Package;
  viewerId: string;
  remove: ReturnType<typeof useDeletePackage>;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t, errorText } = useI18n();
  const { showAlert } = useAlerts();
  const navigate = useNavigate();
  const onDelete = () =>
    remove.mutate(
      { donorId: viewerId, packageId: pkg._id },
      {
        onSuccess: () => {
          showAlert({
            type: 'success',
            title: t('package.deleted.title'),
            msg: t('package.deleted.msg'),
          });
          // A part of a donation: back to the donation, where the other parts go on (unless this
          // was the last, and the donation is gone with it).
          const isLastPart = pkg.groupQuantity === null || pkg.groupQuantity <= pkg.quantity;
          void navigate(pkg.groupId && !isLastPart ? `/donations/${pkg.groupId}` : '/profile');
        },
        onError: (err) => {
          onClose();
          showAlert(failureAlert(t('package.deleteFailed'), err, errorText));
        },
      },
    );
  return (
    <Modal title={t('package.delete.title')} isOpen={isOpen} onClose={onClose}>
      <p>
        {/* A part beside others withdraws only its meals; the last one left is the donation. */}
        {pkg.groupId && (pkg.groupQuantity ?? 0) > pkg.quantity
          ? t('package.delete.partText', { count: pkg.quantity })
          : t('package.delete.text')}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          {t('package.delete.keep')}
        </Button>
        <Button variant="danger" onClick={onDelete} disabled={remove.isPending}>
          {remove.isPending ? t('common.deleting') : t('package.delete')}
        </Button>
      </div>
    </Modal>
  );
}
