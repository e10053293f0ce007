import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import { usePublicConfig } from '../../../lib/public-config';
import { useMeetRoute } from '../api/get-meet-route';

const MeetMap = lazy(() => import('./meet-map'));

/** The way to the meet point on a map (loaded on demand), with its length, once Paired. */
export function MeetRouteMap({
  packageId,
  viewerIsDonor,
}: {
  packageId: string;
  viewerIsDonor: boolean;
}) {
  const config = usePublicConfig();
  const route = useMeetRoute(packageId, true);
  const { t, formatNumber } = useI18n();
  return (
    <section aria-label={t('package.map')} className="mt-4">
      {route.data && config.data ? (
        <>
          <Suspense
            fallback={
              <div className="flex h-72 items-center justify-center">
                <Spinner />
              </div>
            }
          >
            <MeetMap
              route={route.data}
              tileUrl={config.data.map.tileUrl}
              attribution={config.data.map.attribution}
              fromLabel={
                viewerIsDonor ? t('package.map.youDonor') : t('package.map.youDistributor')
              }
              meetLabel={t('package.meetPoint')}
            />
          </Suspense>
          <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
            {t(route.data.kind === 'road' ? 'package.map.road' : 'package.map.straight', {
              km: formatNumber(Math.round(route.data.distanceKm * 10) / 10),
            })}
          </p>
        </>
      ) : route.isError ? (
        <p className="text-sm">{t('package.map.failed')}</p>
      ) : (
        <div
          className="flex h-72 items-center justify-center"
          role="status"
          aria-label={t('package.map.loading')}
        >
          <Spinner />
        </div>
      )}
    </section>
  );
}
