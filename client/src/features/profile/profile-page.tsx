import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { useGuard } from '../../lib/guards';
import { useProfile, useToggleActivity } from '../../lib/profile';
import { DeleteProfileDialog } from './components/delete-profile-dialog';
import { ProfileEditForm } from './components/profile-edit-form';
import { ProfileView } from './components/profile-view';

function Loading() {
  return (
    <div className="flex justify-center py-24" role="status" aria-label="Loading your profile">
      <Spinner size={64} />
    </div>
  );
}

export default function ProfilePage() {
  const { user, isAllowed } = useGuard('profile');
  const profile = useProfile(isAllowed ? user : null);
  const toggleActivity = useToggleActivity(user);
  const [isEditing, setIsEditing] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);

  if (!isAllowed || profile.isPending) return <Loading />;
  if (profile.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center" role="alert">
        <h1 className="text-2xl font-bold">We could not load your profile</h1>
        <p className="mt-2">
          {profile.error instanceof ApiError ? profile.error.message : 'Please try again.'}
        </p>
        <Button className="mt-6" onClick={() => void profile.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const data = profile.data;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      {isEditing ? (
        <ProfileEditForm profile={data} onDone={() => setIsEditing(false)} />
      ) : (
        <>
          <ProfileView profile={data} />
          <div className="mt-6 flex flex-wrap gap-3">
            <Button onClick={() => setIsEditing(true)}>Update Profile</Button>
            {data.userType === 'distributor' && (
              <Button
                variant="secondary"
                disabled={toggleActivity.isPending}
                onClick={() => toggleActivity.mutate()}
              >
                {data.isActive ? 'Go inactive' : 'Go active'}
              </Button>
            )}
            <Button variant="danger" onClick={() => setIsDeleting(true)}>
              Delete Profile
            </Button>
          </div>
        </>
      )}
      <DeleteProfileDialog
        profile={data}
        isOpen={isDeleting}
        onClose={() => setIsDeleting(false)}
      />
    </div>
  );
}
