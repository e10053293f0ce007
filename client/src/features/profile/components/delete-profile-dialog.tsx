import type { Profile } from '@almquest/contracts/users';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useForgetUser } from '../../auth/api/sign-out';
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

  const confirm = () =>
    remove.mutate(
      { userType: profile.userType, id: profile.id },
      {
        onSuccess: () => {
          forget();
          void navigate('/');
          showAlert({
            type: 'info',
            title: 'Profile deleted',
            msg: 'Your AlmQuest profile has been deleted. We hope to see you again.',
          });
        },
        onError: (error) => {
          onClose();
          showAlert(failureAlert('Your profile was not deleted', error));
        },
      },
    );

  return (
    <Modal title="Delete your profile?" isOpen={isOpen} onClose={onClose}>
      <p>
        This removes your account and signs you out. Packages that were never paired are withdrawn.
        Packages already distributed stay in the records of the other side, without your phone
        number.
      </p>
      <p className="mt-2 font-semibold">This cannot be undone.</p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          Keep my profile
        </Button>
        <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
          {remove.isPending ? 'Deleting…' : 'Delete my profile'}
        </Button>
      </div>
    </Modal>
  );
}
