import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useI18n } from '../../i18n/i18n';
import { site } from '../../content/site';
import { usePageTitle } from '../../lib/use-page-title';
import { useAlerts } from '../../lib/alerts';
import { useAllowedUser } from '../../components/require-access';
import type { Profile } from '@almquest/contracts/users';
import { useProfile } from '../../api/get-profile';
import { useToggleActivity } from './api/toggle-activity';
import { CalendarSettings } from './components/calendar-settings';
import { DataExport } from './components/data-export';
import { DeleteProfileDialog } from './components/delete-profile-dialog';
import { DonateModal } from './components/donate-modal';
import { ProfileEditForm } from './components/profile-edit-form';
import { ProfileView } from './components/profile-view';
import { OwnImpact } from './components/own-impact';
import { PackagesList } from './components/packages-list';

function Loading() {
  const { t } = useI18n();
  return (
    <div className="flex justify-center py-24" role="status" aria-label={t('profile.loading')}>
      <Spinner size={64} />
    </div>
  );
}

/** The person's page; `settings` draws a last section (composed in app/). */
export function ProfilePage({ settings }: { settings: (profile: Profile) => ReactNode }) {
  const user = useAllowedUser();
  const profile = useProfile(user);
  const toggleActivity = useToggleActivity(user);
  const [isEditing, setIsEditing] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const [isDonating, setIsDonating] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const { showAlert } = useAlerts();
  const { t, errorText } = useI18n();
  usePageTitle(t('profile.title'), site.brand);

  // "Donate Now" in the menu lands here with ?donate=1: donors get the form, others are sent home.
  const wantsToDonate = new URLSearchParams(location.search).get('donate') === '1';
  useEffect(() => {
    if (!wantsToDonate) return;
    if (user.userType === 'donor') {
      setIsDonating(true);
      void navigate('/profile', { replace: true });
    } else {
      showAlert({
        type: 'error',
        title: t('guard.onlyDonors.title'),
        msg: t('guard.onlyDonors.msg'),
      });
      void navigate('/', { replace: true });
    }
  }, [wantsToDonate, user, navigate, showAlert, t]);

  // "View Transactions" lands here with #transactions once the list is on the page.
  useEffect(() => {
    if (location.hash === '#transactions' && profile.data) {
      document.getElementById('transactions')?.scrollIntoView({ block: 'start' });
    }
  }, [location.hash, profile.data]);

  if (profile.isPending) return <Loading />;
  if (profile.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center" role="alert">
        <h1 className="text-2xl font-bold">{t('profile.loadFailed')}</h1>
        <p className="mt-2">{errorText(profile.error)}</p>
        <Button className="mt-6" onClick={() => void profile.refetch()}>
          {t('common.tryAgain')}
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
            <Button onClick={() => setIsEditing(true)}>{t('profile.update')}</Button>
            {data.userType === 'distributor' && (
              <Button
                variant="secondary"
                disabled={toggleActivity.isPending}
                onClick={() => toggleActivity.mutate()}
              >
                {data.isActive ? t('menu.goInactive') : t('menu.goActive')}
              </Button>
            )}
            <Button variant="danger" onClick={() => setIsDeleting(true)}>
              {t('profile.delete')}
            </Button>
          </div>
          {data.userType === 'donor' && (
            <section
              aria-labelledby="donate-title"
              className="mt-10 rounded-2xl bg-brand-50 p-6 dark:bg-brand-900/40"
            >
              <h2 id="donate-title" className="text-2xl font-bold">
                {t('profile.donate.title')}
              </h2>
              <p className="mt-2">{t('profile.donate.text')}</p>
              <div className="mt-4 flex flex-wrap items-center gap-3">
                <Button onClick={() => setIsDonating(true)}>{t('profile.donate.button')}</Button>
                <Link to="/standing" className={buttonClasses('secondary')}>
                  {t('profile.donate.standing')}
                </Link>
              </div>
            </section>
          )}
          <PackagesList profile={data} />
          <OwnImpact profile={data} />
          <CalendarSettings />
          {settings(data)}
          <DataExport />
        </>
      )}
      {data.userType === 'donor' && (
        <DonateModal profile={data} isOpen={isDonating} onClose={() => setIsDonating(false)} />
      )}
      <DeleteProfileDialog
        profile={data}
        isOpen={isDeleting}
        onClose={() => setIsDeleting(false)}
      />
    </div>
  );
}
