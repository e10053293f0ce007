import { lazy, Suspense, useSyncExternalStore } from 'react';
import { withAppCatalog } from '../i18n/catalog-parts';
import { applyUpdate, pwaStatus } from '../lib/pwa';

const StatusBannerView = lazy(() => withAppCatalog(import('./status-banner-view')));
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
        <Suspense fallback={null}>
          <StatusBannerView status={status} onReload={applyUpdate} />
        </Suspense>
      )}
    </div>
  );
}
