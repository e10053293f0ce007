import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages/en';

export type ReasonAsk = {
  kind: 'decline' | 'release' | 'cancel';
  title: MessageKey;
  text?: MessageKey;
  confirm: MessageKey;
  keep: MessageKey;
};
export const reasonAsks: Record<ReasonAsk['kind'], ReasonAsk> = {
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
export function ReasonDialog({
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
