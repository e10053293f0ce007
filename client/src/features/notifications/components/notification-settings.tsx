import type { NotificationSettings as Settings } from '@almquest/contracts/push';
import { useId } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages/en';
import { useNotificationSettings, useUpdateNotificationSettings } from '../api/settings';
import { PushDeviceToggle } from './push-device-toggle';
import { PhoneSettings } from './phone-settings';

type Choice = keyof Omit<Settings, 'emailAvailable'>;

/**
 * The profile's "How we reach you": this device's push, and for offers (distributors
 * only) and for updates, push and e-mail; then WhatsApp, where the server sends on it. Each box
 * saves when it changes.
 */
export function NotificationSettings({ isDistributor }: { isDistributor: boolean }) {
  const { t, errorText } = useI18n();
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const headingId = useId();
  const rows: { label: MessageKey; push: Choice; email: Choice }[] = [
    ...(isDistributor
      ? [
          {
            label: 'settings.offers' as const,
            push: 'pushOffers' as const,
            email: 'emailOffers' as const,
          },
        ]
      : []),
    { label: 'settings.updates', push: 'pushUpdates', email: 'emailUpdates' },
  ];
  return (
    <section
      aria-labelledby={headingId}
      className="mt-8 rounded-xl border border-gray-200 p-4 sm:p-6 dark:border-gray-700"
    >
      <h2 id={headingId} className="text-lg font-bold">
        {t('settings.title')}
      </h2>
      <div className="mt-3">
        <PushDeviceToggle />
      </div>
      {settings.isPending && (
        <div role="status" aria-label={t('settings.loading')} className="mt-4">
          <Spinner />
        </div>
      )}
      {settings.isError && (
        <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-300">
          {errorText(settings.error)}
        </p>
      )}
      {settings.data && (
        <div className="mt-4 space-y-4">
          {rows.map((row) => (
            <fieldset key={row.label} className="text-sm">
              <legend className="font-semibold">{t(row.label)}</legend>
              <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
                {(['push', 'email'] as const).map((channel) => {
                  const name = row[channel];
                  const isDisabled = channel === 'email' && !settings.data.emailAvailable;
                  return (
                    <label key={channel} className="inline-flex min-h-11 items-center gap-2">
                      <input
                        type="checkbox"
                        className="h-5 w-5 accent-brand-700"
                        name={name}
                        checked={settings.data[name] && !isDisabled}
                        disabled={isDisabled}
                        onChange={(event) => update.mutate({ [name]: event.target.checked })}
                      />
                      {t(channel === 'push' ? 'settings.push' : 'settings.email')}
                    </label>
                  );
                })}
              </div>
            </fieldset>
          ))}
          {!settings.data.emailAvailable && (
            <p className="text-sm text-gray-600 dark:text-gray-400">
              {t('settings.emailUnavailable')}
            </p>
          )}
          {update.isError && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {errorText(update.error)}
            </p>
          )}
        </div>
      )}
      <PhoneSettings isDistributor={isDistributor} />
    </section>
  );
}
