import type { Package } from '@almquest/contracts/packages';
import { formatPhone } from '@almquest/contracts/users';
import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/format';
import { meals } from '../../packages/meals';
import { usePublicConfig } from '../../system/api/get-public-config';
import { useMeetRoute } from '../api/get-meet-route';

const MeetMap = lazy(() => import('./meet-map'));

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="border-b border-gray-100 py-3 dark:border-gray-800">
      <dt className="text-sm font-semibold text-gray-600 dark:text-gray-400">{label}</dt>
      <dd className="mt-0.5 break-words">{children}</dd>
    </div>
  );
}

function Phone({ digits }: { digits: string }) {
  if (!digits) return <span className="text-gray-600 dark:text-gray-400">Not available</span>;
  return (
    <a
      href={`tel:+91${digits}`}
      className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-200"
    >
      {formatPhone(digits)}
    </a>
  );
}

/** Paired or later: quantity, directions, the map, and both sides' names and phones. */
export function PairedDetails({ pkg, viewerIsDonor }: { pkg: Package; viewerIsDonor: boolean }) {
  const pair = pkg.pair!;
  const config = usePublicConfig();
  const route = useMeetRoute(pkg._id, true);
  const directions = (viewerIsDonor ? pair.donor_path : pair.distributor_path) ?? undefined;
  return (
    <>
      <dl>
        <Item label="Quantity">{meals(pkg.quantity)}</Item>
        <Item label="Meet point">{pair.meet_location.address}</Item>
      </dl>
      <p className="mt-4">
        <a
          href={directions}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center rounded-lg bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800"
        >
          Meet Directions
          <span className="sr-only"> (opens Google Maps in a new tab)</span>
        </a>
      </p>
      <section aria-label="Map to the meet point" className="mt-4">
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
                fromLabel={viewerIsDonor ? 'You (donor)' : 'You (distributor)'}
              />
            </Suspense>
            <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
              {route.data.kind === 'road' ? 'By road' : 'As the crow flies'}:{' '}
              {route.data.distanceKm.toFixed(1)} km from you to the meet point.
            </p>
          </>
        ) : route.isError ? (
          <p className="text-sm">
            The map could not be loaded. The Meet Directions link still works.
          </p>
        ) : (
          <div
            className="flex h-72 items-center justify-center"
            role="status"
            aria-label="Loading the map"
          >
            <Spinner />
          </div>
        )}
      </section>
      <dl className="mt-4 grid gap-x-6 sm:grid-cols-2">
        <Item label="Donor">{pkg.donor_name}</Item>
        <Item label="Donor phone">
          <Phone digits={pkg.donor_phone} />
        </Item>
        <Item label="Distributor">{pair.distributor_name}</Item>
        <Item label="Distributor phone">
          <Phone digits={pair.distributor_phone} />
        </Item>
      </dl>
    </>
  );
}

/** Not Paired: when, where, how much and how far. */
export function WaitingDetails({ pkg }: { pkg: Package }) {
  return (
    <dl>
      <Item label="Donated at">{formatDateTime(pkg.timestamp)}</Item>
      <Item label="Location">{pkg.location.address}</Item>
      <Item label="Quantity">{meals(pkg.quantity)}</Item>
      <Item label="Travel capacity">{pkg.travelCapacity} km</Item>
    </dl>
  );
}
