import {
  type Candidate,
  WAITING_STATES,
  type WaitingPackage,
  type WaitingQuery,
} from '@almquest/contracts/coordinator';
import { personName } from '../../../lib/person-name';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';

type WaitingState = (typeof WAITING_STATES)[number];
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { DialogError } from '../../../components/ui/dialog-error';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { localPhone, useI18n } from '../../../i18n/i18n';
import { useAlerts } from '../../../lib/alerts';
import { StateBadge } from '../../../components/state-badge';
import { usePublicConfig } from '../../../lib/public-config';
import { useCandidates, useWaitingAction, useWaitingPackages } from '../api/waiting';
import { CoordinatorReasonDialog } from './reason-dialog';

const WaitingMap = lazy(() => import('./waiting-map'));

/**
 * The area filter's options: every area something waits in, and the chosen one even when nothing
 * waits there any more, so the filter shows what is applied rather than seeming to be off.
 */
function cityOptions(cities: string[], chosen: string | undefined): string[] {
  return ['', ...cities, ...(chosen && !cities.includes(chosen) ? [chosen] : [])];
}

/** Waiting packages: filters, the map, the list, and the coordinator's two actions on each. */
export function WaitingPanel() {
  const { t, formatDateTime, formatTimeAfter, formatNumber } = useI18n();
  const [query, setQuery] = useState<WaitingQuery>({});
  const waiting = useWaitingPackages(query);
  const config = usePublicConfig();
  const [isMapShown, setIsMapShown] = useState(true);
  const [offering, setOffering] = useState<WaitingPackage | null>(null);
  const [cancelling, setCancelling] = useState<WaitingPackage | null>(null);
  const action = useWaitingAction();
  const { showAlert } = useAlerts();
  // After an offer or a cancel the button that opened the dialog is gone with the package's old
  // state: focus goes to the list's count, not to the top of the page.
  const countRef = useRef<HTMLParagraphElement>(null);
  const focusList = () => setTimeout(() => countRef.current?.focus(), 0);

  const labelOf = useCallback(
    (pkg: WaitingPackage) =>
      `${t(`state.${pkg.state}`)}\u00a0· ${t('common.meals', { count: pkg.quantity })}\u00a0· ${pkg.address}`,
    [t],
  );
  const choose = useCallback((id: string) => {
    document.getElementById(`waiting-${id}`)?.focus();
  }, []);

  const list = waiting.data;
  const atRiskCount = list?.packages.filter((pkg) => pkg.atRiskSince !== null).length ?? 0;
  return (
    <div>
      <div className="flex flex-wrap items-end gap-4">
        <SelectField
          label={t('coord.filter.state')}
          value={query.state ?? ''}
          options={['', ...WAITING_STATES]}
          optionLabel={(option) =>
            option ? t(`state.${option as WaitingState}`) : t('coord.filter.allStates')
          }
          onChange={(e) =>
            setQuery({
              ...query,
              state: (e.target.value || undefined) as WaitingQuery['state'],
            })
          }
        />
        <SelectField
          label={t('coord.filter.city')}
          value={query.city ?? ''}
          options={cityOptions(list?.cities ?? [], query.city)}
          optionLabel={(option) => option || t('coord.filter.allCities')}
          onChange={(e) => setQuery({ ...query, city: e.target.value || undefined })}
        />
        <Button
          variant="ghost"
          onClick={() => setIsMapShown(!isMapShown)}
          aria-pressed={isMapShown}
        >
          {t('coord.waiting.showMap')}
        </Button>
      </div>

      {waiting.isPending && (
        <div className="flex justify-center py-12" role="status" aria-label={t('common.loading')}>
          <Spinner />
        </div>
      )}
      {waiting.isError && (
        <div role="alert" className="mt-6">
          <p>{t('coord.loadFailed')}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void waiting.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </div>
      )}
      {list && (
        <>
          <p className="mt-6 font-semibold" role="status" ref={countRef} tabIndex={-1}>
            {t('coord.waiting.count', { count: list.packages.length })}
            {list.isTruncated && ` ${t('coord.waiting.truncated')}`}
            {atRiskCount > 0 && ` ${t('coord.waiting.atRiskCount', { count: atRiskCount })}`}
          </p>
          {isMapShown && config.data && list.packages.length > 0 && (
            <section aria-label={t('coord.waiting.map')} className="mt-4">
              <Suspense fallback={<div className="h-72 rounded-xl bg-gray-100 dark:bg-gray-800" />}>
                <WaitingMap
                  packages={list.packages}
                  tileUrl={config.data.map.tileUrl}
                  attribution={config.data.map.attribution}
                  labelOf={labelOf}
                  onChoose={choose}
                />
              </Suspense>
            </section>
          )}
          {list.packages.length === 0 ? (
            <p className="mt-6 rounded-lg bg-gray-100 p-4 dark:bg-gray-800">
              {t('coord.waiting.empty')}
            </p>
          ) : (
            <ul className="mt-6 space-y-3">
              {list.packages.map((pkg) => (
                <li
                  key={pkg.id}
                  id={`waiting-${pkg.id}`}
                  tabIndex={-1}
                  className="rounded-xl border border-gray-200 p-4 focus:outline-2 focus:outline-brand-600 dark:border-gray-800"
                  data-testid="waiting-package"
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <StateBadge state={pkg.state} />
                    <span className="font-semibold">
                      {t('common.meals', { count: pkg.quantity })}
                    </span>
                    <span className="text-sm text-gray-700 dark:text-gray-300">
                      {pkg.city ?? ''}
                    </span>
                    {pkg.atRiskSince && (
                      <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950 dark:bg-amber-950 dark:text-amber-100">
                        {t('coord.waiting.atRisk', { time: formatDateTime(pkg.atRiskSince) })}
                      </span>
                    )}
                    {pkg.openReports > 0 && (
                      <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900 dark:bg-red-950 dark:text-red-100">
                        {t('coord.waiting.reports', { count: pkg.openReports })}
                      </span>
                    )}
                  </div>
                  <p className="mt-1 wrap-anywhere">{pkg.address}</p>
                  <p className="mt-1 text-sm">
                    {t('coord.waiting.deadline', { time: formatDateTime(pkg.readyUntil) })}
                    {pkg.offerExpiresAt &&
                      `\u00a0· ${t('coord.waiting.offerEnds', { time: formatTimeAfter(pkg.readyUntil, pkg.offerExpiresAt) })}`}
                  </p>
                  <p className="mt-1 text-sm">
                    {t('coord.waiting.donor', {
                      name: personName(pkg.donor.name, t),
                      phone: localPhone(pkg.donor.phone, formatNumber) || t('common.notAvailable'),
                    })}
                  </p>
                  {pkg.distributor && (
                    <p className="text-sm">
                      {t('coord.waiting.distributor', {
                        name: personName(pkg.distributor.name, t),
                        phone:
                          localPhone(pkg.distributor.phone, formatNumber) ||
                          t('common.notAvailable'),
                      })}
                    </p>
                  )}
                  <div className="mt-3 flex flex-wrap gap-2">
                    {pkg.state === 'Not Paired' && (
                      <Button variant="secondary" onClick={() => setOffering(pkg)}>
                        {t('coord.action.offer')}
                      </Button>
                    )}
                    <Button variant="ghost" onClick={() => setCancelling(pkg)}>
                      {t('coord.action.cancel')}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}

      <OfferDialog
        pkg={offering}
        error={action.variables?.kind === 'offer' ? action.error : null}
        onClose={() => {
          setOffering(null);
          action.reset();
        }}
        onOffer={(candidate) => {
          if (!offering) return;
          action.mutate(
            { kind: 'offer', packageId: offering.id, body: { distributorId: candidate.id } },
            {
              onSuccess: (answer) => {
                setOffering(null);
                focusList();
                showAlert({
                  type: 'success',
                  title: t('coord.offer.doneTitle'),
                  msg: t(answer.state === 'Paired' ? 'coord.offer.paired' : 'coord.offer.done', {
                    name: candidate.name,
                  }),
                });
              },
            },
          );
        }}
        isPending={action.isPending}
        formatNumber={formatNumber}
      />
      <CoordinatorReasonDialog
        key={cancelling?.id ?? 'none'}
        title={t('coord.cancel.title')}
        intro={t('coord.cancel.intro')}
        confirm={t('coord.cancel.submit')}
        isOpen={cancelling !== null}
        isPending={action.isPending}
        error={action.variables?.kind === 'cancel' ? action.error : null}
        onClose={() => {
          setCancelling(null);
          action.reset();
        }}
        onConfirm={(reason) => {
          if (!cancelling) return;
          action.mutate(
            { kind: 'cancel', packageId: cancelling.id, body: { reason } },
            {
              onSuccess: () => {
                setCancelling(null);
                focusList();
                showAlert({
                  type: 'success',
                  title: t('coord.cancel.done'),
                  msg: labelOf(cancelling),
                });
              },
            },
          );
        }}
      />
    </div>
  );
}

/** The nearest distributors; the coordinator picks one who can take the package. */
function OfferDialog({
  pkg,
  isPending,
  error,
  onClose,
  onOffer,
  formatNumber,
}: {
  pkg: WaitingPackage | null;
  isPending: boolean;
  /** Why the last offer did not go through, said in the dialog (toasts step aside while it is open). */
  error: unknown;
  onClose: () => void;
  onOffer: (candidate: Candidate) => void;
  formatNumber: (n: number) => string;
}) {
  const { t, errorText } = useI18n();
  const candidates = useCandidates(pkg?.id ?? null);
  const [chosen, setChosen] = useState<string | null>(null);
  const list = candidates.data?.candidates ?? [];
  const picked = list.find((c) => c.id === chosen) ?? null;
  return (
    <Modal
      title={pkg ? t('coord.offer.title', { count: pkg.quantity }) : ''}
      isOpen={pkg !== null}
      onClose={() => {
        setChosen(null);
        onClose();
      }}
    >
      <p>{t('coord.offer.intro')}</p>
      {candidates.isPending && (
        <div className="flex justify-center py-6" role="status" aria-label={t('common.loading')}>
          <Spinner />
        </div>
      )}
      {candidates.isError && <p role="alert">{t('coord.loadFailed')}</p>}
      {candidates.data && list.length === 0 && <p className="mt-4">{t('coord.offer.none')}</p>}
      {list.length > 0 && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (picked) onOffer(picked);
          }}
        >
          <fieldset className="mt-4">
            <legend className="sr-only">{t('coord.offer.choose')}</legend>
            <ul className="space-y-2">
              {list.map((c) => (
                <li key={c.id}>
                  <label
                    className={`flex gap-3 rounded-lg border p-3 ${c.refusal ? 'border-gray-200 text-gray-500 dark:border-gray-800' : 'cursor-pointer border-gray-300 dark:border-gray-700'}`}
                  >
                    <input
                      type="radio"
                      name="distributor"
                      value={c.id}
                      disabled={c.refusal !== null}
                      checked={chosen === c.id}
                      onChange={() => setChosen(c.id)}
                      className="mt-1"
                    />
                    <span>
                      <span className="font-semibold">{c.name}</span>
                      <span className="block text-sm">
                        {t('coord.offer.candidate', {
                          distance: formatNumber(c.distanceKm),
                          load: formatNumber(c.openLoad),
                          max: formatNumber(c.maxCapacity),
                        })}
                        {c.autoAccept && `\u00a0· ${t('coord.offer.autoAccept')}`}
                      </span>
                      <span className="block text-sm">
                        {t('coord.offer.record', {
                          collected: formatNumber(c.record.collected),
                          missed: formatNumber(c.record.missed),
                          lapsed: formatNumber(c.record.lapsed),
                        })}
                      </span>
                      {c.refusal && (
                        <span className="block text-sm font-semibold">
                          {t(`coord.refusal.${c.refusal}`)}
                        </span>
                      )}
                      {!c.refusal && c.beyondReachKm > 0 && (
                        <span className="block text-sm font-semibold text-amber-800 dark:text-amber-300">
                          {t('coord.offer.beyondReach', { km: formatNumber(c.beyondReachKm) })}
                        </span>
                      )}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          {error !== null && error !== undefined && (
            <DialogError className="mt-3" title={t('coord.offer.failed')} msg={errorText(error)} />
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={onClose}>
              {t('coord.keep')}
            </Button>
            <Button type="submit" disabled={!picked || isPending}>
              {isPending ? t('common.saving') : t('coord.offer.submit')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
