import {
  MarkPackageRequestSchema,
  type Package,
  type PackageState,
} from '@almquest/contracts/packages';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { useI18n } from '../../../i18n/i18n';
import { useAlerts } from '../../../lib/alerts';
import { useForm } from '../../../lib/use-form';
import { useMarkPackage } from '../../../api/mark-package';

const successAlerts = {
  Received: { title: 'package.received.title', msg: 'package.received.msg' },
  Distributed: { title: 'package.distributed.title', msg: 'package.distributed.msg' },
} as const;

const nextStep: Partial<Record<PackageState, 'Received' | 'Distributed'>> = {
  Paired: 'Received',
  Received: 'Distributed',
};

/** What the mark form holds, kept by the page so it outlasts a refresh. */
export const useMarkFormValues = () =>
  useForm({ code: '', servedCount: '', packed: false, temperature: false, inTime: false });

/** The handover checklist (decision 042): what the distributor confirms before taking the food. */
const CHECKS = ['packed', 'temperature', 'inTime'] as const;

/**
 * The distributor's next step: the donor's code to mark it Received, then how many were served
 * to mark it Distributed. Nothing when there is no next step.
 */
export function MarkForm({
  pkg,
  packageId,
  distributorId,
  markForm,
  onFailed,
}: {
  pkg: Package;
  /** The id the page is at (its cache key), as the address has it. */
  packageId: string;
  distributorId: string;
  markForm: ReturnType<typeof useMarkFormValues>;
  /** Locked, or changed meanwhile: the page shows the package as it is now (and until when). */
  onFailed: () => void;
}) {
  const { t, formatDateTime } = useI18n();
  const { showAlert } = useAlerts();
  const mark = useMarkPackage(packageId);
  // Drawn again when a lock ends, so the button comes back by itself.
  const [, setLockEnded] = useState(0);
  const lockedUntil = pkg.handoverLockedUntil;
  useEffect(() => {
    if (lockedUntil === null) return;
    const ms = Date.parse(lockedUntil) - Date.now();
    if (!(ms > 0)) return;
    const timer = setTimeout(() => setLockEnded(Date.now()), ms + 250);
    return () => clearTimeout(timer);
  }, [lockedUntil]);
  const step = nextStep[pkg.current_state];
  if (!step) return null;

  const isLocked = lockedUntil !== null && Date.parse(lockedUntil) > Date.now();

  const onMark = (event: FormEvent) => {
    event.preventDefault();
    if (mark.isPending) return;
    const { code, servedCount } = markForm.values;
    if (step === 'Received' && !CHECKS.every((check) => markForm.values[check])) {
      markForm.setError('checklist', t('package.check.required'));
      return;
    }
    const body = markForm.check(MarkPackageRequestSchema, {
      donor_id: pkg.donor_id,
      distributor_id: distributorId,
      packageId: pkg._id,
      state: step,
      ...(step === 'Received'
        ? { code, checklist: { packed: true, temperature: true, inTime: true } }
        : servedCount.trim()
          ? { servedCount }
          : {}),
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
        // A wrong code is said under the field, beside the button: a toast saying it again
        // covered both on a phone.
        markForm.failed(t('package.markFailed'), { saidByField: true })(err);
        onFailed();
      },
    });
  };

  return (
    <form noValidate onSubmit={onMark} className="mt-6 max-w-sm space-y-4">
      {step === 'Received' && (
        <fieldset>
          <legend className="font-semibold">{t('package.check.title')}</legend>
          {CHECKS.map((check) => (
            <CheckboxField
              key={check}
              label={t(`package.check.${check}`)}
              hint={
                check === 'temperature' && pkg.foodKind
                  ? t(`package.check.temperature.${pkg.foodKind}`)
                  : check === 'inTime' && pkg.useBy
                    ? t('package.check.inTime.by', { time: formatDateTime(pkg.useBy) })
                    : undefined
              }
              checked={markForm.values[check]}
              onChange={(isOn) => markForm.set(check, isOn)}
            />
          ))}
          {markForm.errorFor('checklist') && (
            <p className="mt-1 text-sm text-red-700 dark:text-red-300" role="alert">
              {markForm.errorFor('checklist')}
            </p>
          )}
        </fieldset>
      )}
      {step === 'Received' ? (
        <TextField
          label={t('package.handover.enter')}
          hint={t('package.handover.enterHint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          // Four digits, with room for the spaces a copied code carries ("5 1 0 8").
          maxLength={9}
          // Said here alone (no toast): read out when it appears.
          announceError
          {...markForm.textField('code')}
          // While locked, the lock and its end are said once, here (the server's "too many wrong
          // codes" said the same again, without the time).
          {...(isLocked && lockedUntil
            ? { error: t('package.handover.locked', { time: formatDateTime(lockedUntil) }) }
            : {})}
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
  );
}
