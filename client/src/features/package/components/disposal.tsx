import {
  DISPOSAL_REASONS,
  type DisposalReason,
  DisposeRequestSchema,
  type Package,
} from '@almquest/contracts/packages';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { useI18n } from '../../../i18n/i18n';
import { useAlerts } from '../../../lib/alerts';
import { useForm } from '../../../lib/use-form';
import { useDispose } from '../api/dispose';

/**
 * Food found unfit (decision 042): what was disposed of, to both sides; to the distributor of a
 * received package, a short form to record it (once).
 */
export function Disposal({
  pkg,
  viewerIsDistributor,
}: {
  pkg: Package;
  viewerIsDistributor: boolean;
}) {
  const { t, formatDateTime } = useI18n();
  if (pkg.disposal) {
    const reason = DISPOSAL_REASONS.find((r) => r === pkg.disposal!.reason);
    return (
      <p className="mt-4 rounded-lg bg-red-50 p-3 dark:bg-red-950" data-testid="disposal">
        {t('package.disposal.recorded', {
          count: pkg.disposal.quantity,
          reason: reason ? t(`package.disposal.reason.${reason}`) : pkg.disposal.reason,
          time: formatDateTime(pkg.disposal.at),
        })}
      </p>
    );
  }
  if (!viewerIsDistributor || !['Received', 'Distributed'].includes(pkg.current_state)) return null;
  return <DisposalForm pkg={pkg} />;
}

function DisposalForm({ pkg }: { pkg: Package }) {
  const { t } = useI18n();
  const { showAlert } = useAlerts();
  const dispose = useDispose(pkg._id);
  const [isOpen, setIsOpen] = useState(false);
  const form = useForm<{ quantity: string; reason: DisposalReason | ''; note: string }>({
    quantity: String(pkg.quantity),
    reason: '',
    note: '',
  });
  if (!isOpen) {
    return (
      <Button variant="secondary" className="mt-4" onClick={() => setIsOpen(true)}>
        {t('package.disposal.open')}
      </Button>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (dispose.isPending) return;
    const { quantity, reason, note } = form.values;
    const body = form.check(DisposeRequestSchema, {
      quantity,
      reason: reason || undefined,
      ...(note.trim() && { note }),
    });
    if (!body) return;
    dispose.mutate(body, {
      onSuccess: () =>
        showAlert({
          type: 'success',
          title: t('package.disposal.done'),
          msg: t('package.disposal.doneMsg'),
        }),
      onError: form.failed(t('package.disposal.failed')),
    });
  };
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="mt-4 max-w-sm space-y-3 rounded-xl border border-red-200 p-4 dark:border-red-900"
      aria-label={t('package.disposal.title')}
    >
      <p className="font-semibold">{t('package.disposal.title')}</p>
      <p className="text-sm">{t('package.disposal.hint')}</p>
      <TextField
        label={t('package.disposal.quantity')}
        inputMode="numeric"
        required
        {...form.textField('quantity')}
      />
      <SelectField
        label={t('package.disposal.why')}
        options={['', ...DISPOSAL_REASONS]}
        optionLabel={(reason) =>
          reason
            ? t(`package.disposal.reason.${reason as DisposalReason}`)
            : t('donate.diet.choose')
        }
        value={form.values.reason}
        onChange={(e) => form.set('reason', e.target.value as DisposalReason | '')}
        required
        error={form.errorFor('reason')}
      />
      <TextField label={t('package.disposal.note')} {...form.textField('note')} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="danger" disabled={dispose.isPending}>
          {dispose.isPending ? t('common.saving') : t('package.disposal.save')}
        </Button>
        <Button variant="secondary" onClick={() => setIsOpen(false)}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
