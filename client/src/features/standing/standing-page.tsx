import { useState } from 'react';
import { Link } from 'react-router';
import { useProfile } from '../../api/get-profile';
import { useAllowedUser } from '../../components/require-access';
import { Button, buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { site } from '../../content/site';
import { useI18n } from '../../i18n/i18n';
import { usePageTitle } from '../../lib/use-page-title';
import { useStandingDonations } from './api/standing';
import { StandingCard } from './components/standing-card';
import { StandingForm } from './components/standing-form';

/**
 * A donor's standing donations (decision 041): the same food at the same time on chosen days,
 * each day listed ahead of its time and matched as usual.
 */
export function StandingPage() {
  const { t, errorText } = useI18n();
  usePageTitle(t('standing.title'), site.brand);
  const user = useAllowedUser();
  const profile = useProfile(user);
  const isDonor = user.userType === 'donor';
  const list = useStandingDonations(isDonor);
  const [isAdding, setIsAdding] = useState(false);

  if (!isDonor) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-3xl font-bold">{t('standing.title')}</h1>
        <p className="mt-2">{t('standing.donorsOnly')}</p>
        <Link to="/profile" className={buttonClasses('primary', 'mt-4')}>
          {t('package.backToProfile')}
        </Link>
      </div>
    );
  }
  const donor = profile.data?.userType === 'donor' ? profile.data : null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('standing.title')}</h1>
      <p className="mt-2">{t('standing.intro')}</p>
      {!isAdding && (
        <Button className="mt-4" disabled={!donor} onClick={() => setIsAdding(true)}>
          {t('standing.new')}
        </Button>
      )}
      {isAdding && donor && <StandingForm profile={donor} onDone={() => setIsAdding(false)} />}
      <section aria-labelledby="standing-list" className="mt-8">
        <h2 id="standing-list" className="text-xl font-bold">
          {t('standing.yours')}
        </h2>
        {list.isPending ? (
          <div className="flex justify-center py-8" role="status" aria-label={t('common.loading')}>
            <Spinner />
          </div>
        ) : list.isError ? (
          <div role="alert" className="mt-2">
            <p>{errorText(list.error)}</p>
            <Button className="mt-2" variant="secondary" onClick={() => void list.refetch()}>
              {t('common.tryAgain')}
            </Button>
          </div>
        ) : list.data.standingDonations.length === 0 ? (
          <p className="mt-2">{t('standing.none')}</p>
        ) : (
          <ul className="mt-3 space-y-4">
            {list.data.standingDonations.map((standing) => (
              <StandingCard key={standing.id} standing={standing} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
