import type { Package, PackageEvent } from '@almquest/contracts/packages';
import { useI18n } from '../../../i18n/i18n';
import { personName } from '../../../lib/person-name';

/** The events that say who, each a whole sentence of its own in every language. */
const NAMED_EVENTS = {
  offered: true,
  paired: true,
  accepted: true,
  takenBack: true,
  declined: true,
  lapsed: true,
  released: true,
  received: true,
  distributed: true,
  onWay: true,
  reclaimed: true,
} as const;

/**
 * "Offered to Asha", "Received by Asha", or the plain kind when nobody may be named. To the
 * distributor it is about, a sentence of its own with "you" where the name goes ("आपसे (Rina
 * Das) जोड़ी बनी", "আপনার (Rina Das) সঙ্গে জুটি হয়েছে"), never "(you)" after a name.
 */
function eventTitle(event: PackageEvent, t: ReturnType<typeof useI18n>['t']): string {
  const name = event.distributorName;
  if (!name || !(event.kind in NAMED_EVENTS)) {
    const you = event.isViewer ? ` ${t('package.event.you')}` : '';
    return `${t(`package.event.${event.kind}`)}${you}`;
  }
  const kind = event.kind as keyof typeof NAMED_EVENTS;
  return t(event.isViewer ? `package.event.${kind}.you` : `package.event.${kind}.named`, {
    name: personName(name, t),
  });
}

/** What happened to the package, oldest first, with who (once they may be named) and why. */
export function Timeline({ pkg }: { pkg: Package }) {
  const { t, formatDateTime } = useI18n();
  if (pkg.events.length === 0) return null;
  return (
    <section aria-labelledby="timeline-title" className="mt-8">
      <h2 id="timeline-title" className="text-xl font-bold">
        {t('package.timeline')}
      </h2>
      <ol className="mt-3 space-y-3 border-l-2 border-brand-200 pl-4 dark:border-brand-800">
        {pkg.events.map((event, i) => (
          <li key={`${event.kind}-${i}`} data-event={event.kind}>
            <p className="font-semibold">{eventTitle(event, t)}</p>
            <p className="text-sm text-gray-700 dark:text-gray-300">
              <time dateTime={event.at}>{formatDateTime(event.at)}</time>
            </p>
            {event.reason && (
              <p className="text-sm">{t('package.event.reason', { reason: event.reason })}</p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
