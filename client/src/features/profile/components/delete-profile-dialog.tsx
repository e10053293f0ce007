import type { Profile } from '@almquest/contracts/users';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useForgetUser } from '../../../lib/session/sign-out';
import { useI18n } from '../../../i18n/i18n';
import { useAlerts } from '../../../lib/alerts';
import { failureAlert } from '../../../lib/api-client';
import { useDeleteProfile } from '../api/delete-profile';

export function DeleteProfileDialog({
  profile,
  isOpen,
  onClose,
}: {
  profile: Profile;
  isOpen: boolean;
  onClose: () => void;
}) {
  const remove = useDeleteProfile();
  const forget = useForgetUser();
  const navigate = useNavigate();
  const { showAlert } = useAlerts();
  const { t, errorText } = useI18n();

  const confirm = () =>
    remove.mutate(
      { userType: profile.userType, id: profile.id },
      {
        onSuccess: () => {
          forget();
          void navigate('/');
          showAlert({
            type: 'info',
            title: t('deleteProfile.done.title'),
            msg: t('deleteProfile.done.msg'),
          });
        },
        onError: (error) => {
          onClose();
          showAlert(failureAlert(t('deleteProfile.failed'), error, errorText));
        },
      },
    );

  return (
    <Modal title={t('deleteProfile.title')} isOpen={isOpen} onClose={onClose}>
      <p>{t('deleteProfile.text')}</p>
      <p className="mt-2 font-semibold">{t('deleteProfile.final')}</p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          {t('deleteProfile.keep')}
        </Button>
        <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
          {remove.isPending ? t('common.deleting') : t('deleteProfile.confirm')}
        </Button>
      </div>
    </Modal>
  );
}
