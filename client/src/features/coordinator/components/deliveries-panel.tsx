import type { ChannelOutcome, DeliveryEntry } from '@almquest/contracts/coordinator';
import { useState } from 'react';
import { CheckboxField } from '../../../components/ui/field';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { keepTogether, useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages/en';
import { useDeliveries } from '../api/deliveries';
import { Failed, Loading } from './inbox-panels';

type T = ReturnType<typeof useI18n>['t'];

/**
 * The reasons the server itself gives for not sending, in the reader's language; a provider's
 * own words (an SMTP, WhatsApp or SMS error) are shown as they came.
 */
const OWN_REASONS: Record<string, MessageKey> = {
  'the offer ended before it was sent': 'coord.deliveries.why.offerEnded',
  'the pairing ended before it was sent': 'coord.deliveries.why.pairingEnded',
  'the person stopped WhatsApp or changed their number': 'coord.deliveries.why.stopped',
  'WhatsApp is not set up on this server': 'coord.deliveries.why.noWhatsapp',
  'the person stopped SMS or changed their number': 'coord.deliveries.why.stoppedSms',
  'SMS is not set up on this server': 'coord.deliveries.why.noSms',
  'no package to link to': 'coord.deliveries.why.noPackage',
  'mail is not set up on this server': 'coord.deliveries.why.noMail',
  'the device now belongs to someone else': 'coord.deliveries.why.deviceMoved',
};
const reasonText = (error: string, t: T) =>
  Object.hasOwn(OWN_REASONS, error) ? t(OWN_REASONS[error]!) : error;

/** One channel's outcome in a line: "WhatsApp: sent, read", with tries and the reason if any. */
function outcomeText(o: ChannelOutcome, t: T): string {
  const parts = [t(`coord.deliveries.state.${o.state}`)];
  if (o.providerStatus && o.providerStatus !== 'failed' && o.providerStatus !== 'sent') {
    parts.push(t(`coord.deliveries.provider.${o.providerStatus}`));
  }
  if (o.state !== 'sent' && o.attempts > 1) {
    parts.push(t('coord.deliveries.tries', { count: o.attempts }));
  }
  const channel =
    o.channel === 'push' && o.count > 1
      ? t('coord.deliveries.pushDevices', { count: o.count })
      : t(`coord.deliveries.channel.${o.channel}`);
  return `${channel}: ${parts.join(', ')}`;
}

function Entry({ entry }: { entry: DeliveryEntry }) {
  const { t, formatDateTime } = useI18n();
  return (
    <li
      className="rounded-lg border border-gray-200 p-3 dark:border-gray-800"
      data-testid="delivery"
    >
      <p className="font-semibold wrap-anywhere">
        {t('coord.deliveries.to', {
          name: entry.person.name,
          role: t(`coord.deliveries.role.${entry.person.role}`),
        })}
      </p>
      <p className="text-sm text-gray-700 dark:text-gray-300">{t(`notification.${entry.kind}`)}</p>
      {entry.package && (
        // Named, not linked: a package's page is its donor's and distributor's, and a coordinator
        // following a link there was turned away as a trespasser (as in the audit log).
        <p className="text-sm wrap-anywhere">
          {t('coord.audit.package', {
            meals: t('common.meals', { count: entry.package.quantity }),
            address: entry.package.address,
          })}
        </p>
      )}
      {entry.channels.length === 0 && (
        <p className="mt-2 text-sm font-semibold text-red-700 dark:text-red-300">
          {t('coord.deliveries.noChannel')}
        </p>
      )}
      <ul className="mt-2 space-y-1 text-sm">
        {entry.channels.map((o) => (
          <li key={o.channel} className="wrap-anywhere">
            <span
              className={o.state === 'failed' ? 'font-semibold text-red-700 dark:text-red-300' : ''}
            >
              {outcomeText(o, t)}
            </span>
            {entry.firstReached === o.channel && entry.channels.length > 1 && (
              <span className="ml-2 rounded bg-brand-100 px-1.5 py-0.5 text-xs font-semibold text-brand-900 dark:bg-brand-900 dark:text-brand-100">
                {t('coord.deliveries.first')}
              </span>
            )}
            {o.error && o.state !== 'sent' && (
              <span className="block text-gray-600 dark:text-gray-400">
                {t('coord.deliveries.reason', { reason: reasonText(o.error, t) })}
              </span>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
        {keepTogether(formatDateTime(entry.at))}
      </p>
    </li>
  );
}

/**
 * The console's deliveries (decision 039): how each notification of the last week went out on
 * each channel, the one that reached the person first, and what did not arrive.
 */
export function DeliveriesPanel() {
  const { t } = useI18n();
  const [failedOnly, setFailedOnly] = useState(false);
  const list = useDeliveries(failedOnly);
  const entries = list.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <div>
      <p className="text-gray-700 dark:text-gray-300">{t('coord.deliveries.intro')}</p>
      <div className="mt-2">
        <CheckboxField
          label={t('coord.deliveries.failedOnly')}
          checked={failedOnly}
          onChange={setFailedOnly}
        />
      </div>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <Failed onRetry={() => void list.refetch()} />
      ) : entries.length === 0 ? (
        <p className="mt-4 rounded-lg bg-gray-100 p-4 dark:bg-gray-800">
          {t(failedOnly ? 'coord.deliveries.emptyFailed' : 'coord.deliveries.empty')}
        </p>
      ) : (
        <ol className="mt-4 space-y-2">
          {entries.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      <LoadMoreButton pages={list} label={t('coord.deliveries.more')} />
    </div>
  );
}
