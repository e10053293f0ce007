import { Component, lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { withAppCatalog } from '../i18n/catalog-parts';
import { applyUpdate, pwaStatus } from '../lib/pwa';

const loadView = () => withAppCatalog(import('./status-banner-view'));
let StatusBannerView = lazy(loadView);

/**
 * Offline with no service worker, the banner's code may not load: then there is no banner, and
 * the page stays (outside the pages' error screen, a failure here would blank the whole app). The
 * next change of status tries to load it again.
 */
class WithoutBannerOnFailure extends Component<{ children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override componentDidCatch() {
    StatusBannerView = lazy(loadView);
  }

  override render() {
    return this.state.hasFailed ? null : this.props.children;
  }
}
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
        <WithoutBannerOnFailure key={`${status.isOffline}-${status.isUpdateReady}`}>
          <Suspense fallback={null}>
            <StatusBannerView status={status} onReload={applyUpdate} />
          </Suspense>
        </WithoutBannerOnFailure>
      )}
    </div>
  );
}
