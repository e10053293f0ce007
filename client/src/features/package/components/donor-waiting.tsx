import { type Package, type WidenRequest, WidenRequestSchema } from '@almquest/contracts/packages';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { useI18n } from '../../../i18n/i18n';
import { useAlerts } from '../../../lib/alerts';
import { failureAlert } from '../../../lib/api-client';
import { useForm } from '../../../lib/use-form';
import type { usePackageAction } from '../../../api/package-actions';
import { WaitingExplanation, WIDEN_CONFIRM_OVER_KM } from './waiting-explanation';

/** What the widen form holds, kept by the page so it outlasts a refresh. */
export function useWidenValues() {
  const form = useForm({ travelCapacity: '' });
  const [confirmingWiden, setConfirmingWiden] = useState<number | null>(null);
  return { form, confirmingWiden, setConfirmingWiden };
}

/**
 * The donor's view of a package still waiting: why it waits and what would help (one tap each),
 * whom it is offered to until when, and a form to reach farther.
 */
export function DonorWaiting({
  pkg,
  action,
  widen,
  onFailed,
}: {
  pkg: Package;
  action: ReturnType<typeof usePackageAction>;
  widen: ReturnType<typeof useWidenValues>;
  /** The page shows the package as it is now. */
  onFailed: () => void;
}) {
  const { t, errorText, formatDateTime, formatNumber } = useI18n();
  const { showAlert } = useAlerts();
  const navigate = useNavigate();
  const { form: widenForm, confirmingWiden, setConfirmingWiden } = widen;

  const onWiden = (event: FormEvent) => {
    event.preventDefault();
    const body = widenForm.check(WidenRequestSchema, widenForm.values);
    if (!body) return;
    // A long way farther than now is asked once more, as the explanation's suggestion is.
    const km = Number(body.travelCapacity);
    if (km - pkg.travelCapacity > WIDEN_CONFIRM_OVER_KM && confirmingWiden !== km) {
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
          onFailed();
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
          onFailed();
        },
      },
    );

  const isWaiting = pkg.current_state === 'Not Paired' || pkg.current_state === 'Offered';
  return (
    <>
      {pkg.current_state === 'Not Paired' && pkg.explanation && (
        <WaitingExplanation
          explanation={pkg.explanation}
          quantity={pkg.quantity}
          travelCapacity={pkg.travelCapacity}
          isPending={action.isPending}
          onWiden={(travelCapacity) => onSuggestion({ travelCapacity })}
          onSplit={() => onSuggestion({ allowSplit: true })}
        />
      )}

      {pkg.current_state === 'Offered' && pkg.offerExpiresAt && (
        <p className="mt-4 rounded-lg bg-violet-50 p-3 dark:bg-violet-950" role="status">
          {t('package.offer.waiting', { time: formatDateTime(pkg.offerExpiresAt) })}
        </p>
      )}

      {isWaiting && (
        <form noValidate onSubmit={onWiden} className="mt-6 max-w-sm space-y-3">
          <h2 className="text-lg font-bold">{t('package.widen')}</h2>
          <TextField
            label={t('package.widen.label')}
            hint={t('package.widen.hint')}
            // A few km farther than now: never a figure it cannot be widened to.
            placeholder={t('donate.travel.value', {
              km: formatNumber(Math.floor(pkg.travelCapacity) + 5),
            })}
            {...widenForm.textField('travelCapacity')}
          />
          {confirmingWiden !== null && (
            <p className="font-semibold" role="status">
              {t('explain.widen.confirm', { km: confirmingWiden, now: pkg.travelCapacity })}
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
    </>
  );
}
