import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/field';
import { DialogError } from '../../../components/ui/dialog-error';
import { Modal } from '../../../components/ui/modal';
import { useI18n } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-client';

/**
 * Asks a coordinator for the reason of an action (kept in the audit log): at least 3 characters,
 * said at once on the field; the server's field error shows there too.
 */
export function CoordinatorReasonDialog({
  title,
  intro,
  confirm,
  isOpen,
  isPending,
  error,
  variant = 'danger',
  onClose,
  onConfirm,
}: {
  title: string;
  intro: string;
  confirm: string;
  isOpen: boolean;
  isPending: boolean;
  error: unknown;
  variant?: 'danger' | 'primary';
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { t, errorText } = useI18n();
  const [reason, setReason] = useState('');
  const [isTooShort, setIsTooShort] = useState(false);
  const fieldError = isTooShort
    ? t('coord.reason.tooShort')
    : error instanceof ApiError && error.fields?.reason
      ? errorText(error)
      : undefined;
  return (
    <Modal title={title} isOpen={isOpen} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (reason.trim().length < 3) {
            setIsTooShort(true);
            return;
          }
          onConfirm(reason.trim());
        }}
      >
        <p>{intro}</p>
        <TextAreaField
          className="mt-4"
          label={t('coord.reason')}
          value={reason}
          maxLength={300}
          rows={3}
          required
          error={fieldError}
          onChange={(e) => {
            setReason(e.target.value);
            setIsTooShort(false);
          }}
        />
        {error !== null && error !== undefined && !fieldError && (
          <DialogError className="mt-3" msg={errorText(error)} />
        )}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t('coord.keep')}
          </Button>
          <Button type="submit" variant={variant} disabled={isPending}>
            {isPending ? t('common.saving') : confirm}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
