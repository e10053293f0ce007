import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../i18n/i18n';
import { useAlerts } from '../../../lib/alerts';
import { failureAlert } from '../../../lib/api-client';
import { useCalendarLink, useCalendarStatus } from '../api/calendar';

/**
 * A private calendar feed of the person's pickups and donations, for Google Calendar or a
 * phone's calendar: its address is shown once, when made; a new one revokes the old.
 */
export function CalendarSettings() {
  const { t, errorText } = useI18n();
  const { showAlert } = useAlerts();
  const status = useCalendarStatus();
  const link = useCalendarLink();
  const [url, setUrl] = useState<string | null>(null);
  const [isCopied, setIsCopied] = useState(false);
  const change = (isOn: boolean) =>
    !link.isPending &&
    link.mutate(isOn, {
      onSuccess: (made) => {
        setUrl(made);
        setIsCopied(false);
      },
      onError: (error) => showAlert(failureAlert(t('calendar.failed'), error, errorText)),
    });
  const isOn = status.data?.isOn ?? false;
  return (
    <section aria-labelledby="calendar-title" className="mt-10">
      <h2 id="calendar-title" className="text-2xl font-bold">
        {t('calendar.title')}
      </h2>
      <p className="mt-2">{t('calendar.text')}</p>
      {url && (
        <div className="mt-3">
          <label htmlFor="calendar-url" className="block text-sm font-semibold">
            {t('calendar.url')}
          </label>
          <div className="mt-1 flex flex-wrap gap-2">
            <input
              id="calendar-url"
              readOnly
              value={url}
              className="min-w-0 flex-1 rounded border border-gray-300 px-2 py-1 text-sm dark:border-gray-700 dark:bg-gray-900"
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button
              variant="secondary"
              onClick={() => void navigator.clipboard?.writeText(url).then(() => setIsCopied(true))}
            >
              {isCopied ? t('calendar.copied') : t('calendar.copy')}
            </Button>
          </div>
          <p className="mt-1 text-sm">{t('calendar.once')}</p>
        </div>
      )}
      <div className="mt-3 flex flex-wrap gap-3">
        <Button aria-disabled={link.isPending} onClick={() => change(true)}>
          {t(isOn ? 'calendar.renew' : 'calendar.make')}
        </Button>
        {isOn && (
          <Button variant="secondary" aria-disabled={link.isPending} onClick={() => change(false)}>
            {t('calendar.off')}
          </Button>
        )}
      </div>
      {isOn && !url && <p className="mt-2 text-sm">{t('calendar.isOn')}</p>}
    </section>
  );
}
