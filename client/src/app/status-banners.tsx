import { useSyncExternalStore } from 'react';
import { optionalPart } from '../components/optional-part';
import { withAppCatalog } from '../i18n/catalog-parts';
import { pwaStatus } from '../lib/pwa';

const StatusBannerView = optionalPart(() => withAppCatalog(import('./status-banner-view')));

const serverStatus = () => ({ isOffline: false, isUpdateReady: false });

/**
 * Says when the app is offline (what is shown is the last copy; changes need a connection) and
 * when a new version is ready, with the button that loads it. The words load only
 * when there is something to say, so the first page carries none of them.
 */
export function StatusBanners() {
  const status = useSyncExternalStore(pwaStatus.subscribe, pwaStatus.get, serverStatus);
  return (
    <div role="status" className="empty:hidden">
      {(status.isOffline || status.isUpdateReady) && (
        <StatusBannerView key={`${status.isOffline}-${status.isUpdateReady}`} status={status} />
      )}
    </div>
  );
}
