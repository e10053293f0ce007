import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../i18n/i18n';
import { useAlerts } from '../../../lib/alerts';
import { api, failureAlert } from '../../../lib/api-client';

const asIs = { parse: (data: unknown) => data };

/**
 * "Download my data" (DPDP Act s.11; decision 043): everything held about the person as one
 * JSON file, saved by the browser. Asked for through the API client, so a refusal (too many
 * downloads, signed out) is said as any other, not saved as the file.
 */
export function DataExport() {
  const { t, errorText } = useI18n();
  const { showAlert } = useAlerts();
  const [isWorking, setIsWorking] = useState(false);
  const download = () => {
    if (isWorking) return;
    setIsWorking(true);
    api
      .get('/me/export', asIs)
      .then((data) => {
        const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
        const url = URL.createObjectURL(blob);
        const link = document.createElement('a');
        link.href = url;
        link.download = `almquest-my-data-${new Date().toISOString().slice(0, 10)}.json`;
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      })
      .catch((error: unknown) =>
        showAlert(failureAlert(t('profile.export.failed'), error, errorText)),
      )
      .finally(() => setIsWorking(false));
  };
  return (
    <section aria-labelledby="export-title" className="mt-10">
      <h2 id="export-title" className="text-2xl font-bold">
        {t('profile.export.title')}
      </h2>
      <p className="mt-2">{t('profile.export.body')}</p>
      <div className="mt-3 flex flex-wrap items-center gap-4">
        <Button variant="secondary" aria-disabled={isWorking} onClick={download}>
          {isWorking ? t('profile.export.working') : t('profile.export.button')}
        </Button>
        <Link to="/privacy" className="underline">
          {t('profile.export.privacy')}
        </Link>
      </div>
    </section>
  );
}
