import { PERSON_REPORT_REASONS, type PersonReportReason } from '@almquest/contracts/coordinator';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/field';
import { DialogError } from '../../../components/ui/dialog-error';
import { Modal } from '../../../components/ui/modal';
import { useI18n } from '../../../i18n/i18n';
import { useAlerts } from '../../../lib/alerts';
import { useReportPackage } from '../api/report-package';

/**
 * "Report a problem": not food, unsafe or a no-show, with an optional note. The donor knows what
 * they gave, so theirs can only be a no-show (the server holds to that too).
 */
export function ReportButton({ packageId, isDonor }: { packageId: string; isDonor: boolean }) {
  const reasons: readonly PersonReportReason[] = isDonor ? ['no_show'] : PERSON_REPORT_REASONS;
  const { t, errorText } = useI18n();
  const [isOpen, setIsOpen] = useState(false);
  const [reason, setReason] = useState<PersonReportReason | null>(isDonor ? 'no_show' : null);
  const [note, setNote] = useState('');
  const [isMissing, setIsMissing] = useState(false);
  const report = useReportPackage(packageId);
  const { showAlert } = useAlerts();
  const close = () => {
    setIsOpen(false);
    setReason(isDonor ? 'no_show' : null);
    setNote('');
    setIsMissing(false);
    report.reset();
  };
  return (
    <>
      <Button variant="ghost" onClick={() => setIsOpen(true)}>
        {t('report.button')}
      </Button>
      <Modal title={t('report.title')} isOpen={isOpen} onClose={close}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!reason) {
              setIsMissing(true);
              return;
            }
            report.mutate(
              { reason, ...(note.trim() ? { note: note.trim() } : {}) },
              {
                onSuccess: () => {
                  close();
                  showAlert({
                    type: 'success',
                    title: t('report.doneTitle'),
                    msg: t('report.done'),
                  });
                },
              },
            );
          }}
        >
          <p>{t('report.intro')}</p>
          <fieldset
            className="mt-4"
            aria-describedby={isMissing ? 'report-reason-error' : undefined}
            aria-invalid={isMissing || undefined}
          >
            <legend className="text-sm font-semibold">{t('report.reason')}</legend>
            {reasons.map((value) => (
              <label key={value} className="mt-2 flex min-h-11 items-center gap-3">
                <input
                  type="radio"
                  name="report-reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => {
                    setReason(value);
                    setIsMissing(false);
                  }}
                />
                {t(`report.reason.${value}`)}
              </label>
            ))}
            {isMissing && (
              <p
                id="report-reason-error"
                className="mt-1 text-sm font-semibold text-red-700 dark:text-red-300"
              >
                {t('report.reason.missing')}
              </p>
            )}
          </fieldset>
          <TextAreaField
            className="mt-4"
            label={t('report.note')}
            value={note}
            maxLength={300}
            rows={3}
            onChange={(e) => setNote(e.target.value)}
          />
          {report.isError && <DialogError className="mt-3" msg={errorText(report.error)} />}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={report.isPending}>
              {report.isPending ? t('common.saving') : t('report.submit')}
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
