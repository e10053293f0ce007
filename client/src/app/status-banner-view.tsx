import { useI18n } from '../i18n/i18n';
import type { PwaStatus } from '../lib/pwa';
import { applyUpdate } from '../lib/service-worker-link';

/** The banners themselves, loaded only when one is needed (the worker keeps this file offline). */
export default function StatusBannerView({ status }: { status: PwaStatus }) {
  const { t } = useI18n();
  return (
    <>
      {status.isOffline && (
        <p className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-950 dark:bg-amber-900 dark:text-amber-50">
          {t('pwa.offline')}
        </p>
      )}
      {status.isUpdateReady && (
        <p className="flex flex-wrap items-center justify-center gap-3 bg-brand-50 px-4 py-2 text-sm dark:bg-brand-900">
          {t('pwa.updateReady')}
          <button
            type="button"
            onClick={applyUpdate}
            className="min-h-9 rounded-lg bg-brand-700 px-3 font-semibold text-white hover:bg-brand-800"
          >
            {t('pwa.reload')}
          </button>
        </p>
      )}
    </>
  );
}
