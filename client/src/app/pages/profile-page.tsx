import { NotificationSettings } from '../../features/notifications/components/notification-settings';
import { ProfilePage } from '../../features/profile/profile-page';

/** The profile, with the notification settings (their own feature) as its last section. */
export default function ProfileWithSettings() {
  return (
    <ProfilePage
      settings={(profile) => (
        <NotificationSettings isDistributor={profile.userType === 'distributor'} />
      )}
    />
  );
}
