import type { PersonSummary } from '@almquest/contracts/coordinator';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { localPhone, useI18n } from '../../../i18n/i18n';
import { useAlerts } from '../../../lib/alerts';
import { StateBadge } from '../../../components/state-badge';
import { usePeopleSearch, usePerson, useSuspension } from '../api/people';
import { CoordinatorReasonDialog } from './reason-dialog';

import { RegistrationCheck } from './registration-check';

/** People: search, a person's record and reliability, suspend and reinstate. */
export function PeoplePanel() {
  const { t } = useI18n();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const results = usePeopleSearch(q);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim().length < 2) {
      setTooShort(true);
      return;
    }
    setChosen(null);
    setQ(typed.trim());
  };

  if (chosen) return <PersonRecord id={chosen} onBack={() => setChosen(null)} />;
  return (
    <div>
      <form role="search" noValidate onSubmit={onSearch} className="flex flex-wrap items-end gap-3">
        <TextField
          className="min-w-64 flex-1"
          label={t('coord.people.search')}
          type="search"
          value={typed}
          error={tooShort ? t('coord.people.hint') : undefined}
          onChange={(e) => {
            setTyped(e.target.value);
            setTooShort(false);
          }}
        />
        <Button type="submit">{t('coord.people.searchButton')}</Button>
      </form>
      {q && results.isPending && (
        <div className="flex justify-center py-8" role="status" aria-label={t('common.loading')}>
          <Spinner />
        </div>
      )}
      {results.isError && (
        <p role="alert" className="mt-4">
          {t('coord.loadFailed')}
        </p>
      )}
      {results.data && (
        <div className="mt-6">
          {/* Only the count is announced; the list is read when the reader goes to it. */}
          <p role="status" className={results.data.people.length === 0 ? '' : 'sr-only'}>
            {results.data.people.length === 0
              ? t('coord.people.none', { q })
              : t('coord.people.found', { count: results.data.people.length })}
          </p>
          {results.data.people.length > 0 && (
            <ul className="divide-y divide-gray-200 rounded-xl border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
              {results.data.people.map((person) => (
                <li key={person.id}>
                  <button
                    type="button"
                    className="w-full p-4 text-left hover:bg-gray-50 focus-visible:bg-gray-50 dark:hover:bg-gray-900"
                    onClick={() => setChosen(person.id)}
                  >
                    <PersonLine person={person} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

function PersonLine({ person, isNamed = true }: { person: PersonSummary; isNamed?: boolean }) {
  const { t, formatNumber } = useI18n();
  return (
    <span className="block">
      {isNamed && <span className="font-semibold">{person.name}</span>}{' '}
      {person.suspendedAt && (
        <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900 dark:bg-red-950 dark:text-red-100">
          {t('coord.people.suspended')}
        </span>
      )}
      <span className="block text-sm text-gray-700 dark:text-gray-300">
        {person.userType ? t(`role.${person.userType}`) : t('coord.people.unregistered')}
        {'\u00a0· '}
        {person.email}
        {person.phone && `\u00a0· ${localPhone(person.phone, formatNumber)}`}
      </span>
    </span>
  );
}

function PersonRecord({ id, onBack }: { id: string; onBack: () => void }) {
  const { t, formatDateTime, formatNumber } = useI18n();
  const person = usePerson(id);
  const suspension = useSuspension();
  const { showAlert } = useAlerts();
  const [asking, setAsking] = useState<'suspend' | 'reinstate' | null>(null);
  // The button that opened the dialog is replaced by its opposite: focus goes to the record.
  const nameRef = useRef<HTMLHeadingElement>(null);
  const p = person.data;
  return (
    <div>
      <Button variant="ghost" onClick={onBack}>
        ← {t('coord.people.back')}
      </Button>
      {person.isPending && (
        <div className="flex justify-center py-8" role="status" aria-label={t('common.loading')}>
          <Spinner />
        </div>
      )}
      {person.isError && <p role="alert">{t('coord.loadFailed')}</p>}
      {p && (
        <article className="mt-4" aria-labelledby="person-name">
          <h2 id="person-name" className="text-2xl font-bold" ref={nameRef} tabIndex={-1}>
            {p.name}
          </h2>
          <PersonLine person={p} isNamed={false} />
          <p className="mt-1 text-sm">
            {t('coord.people.since', { date: formatDateTime(p.createdAt) })}
          </p>
          {p.suspendedAt && (
            <p className="mt-3 rounded-lg bg-red-50 p-3 dark:bg-red-950" role="status">
              {t('coord.people.suspendedBecause', {
                date: formatDateTime(p.suspendedAt),
                reason: p.suspendedReason ?? '',
              })}
            </p>
          )}
          <div className="mt-4">
            {p.isCoordinator && !p.suspendedAt ? (
              <p className="text-sm">{t('coord.people.isCoordinator')}</p>
            ) : p.suspendedAt ? (
              <Button variant="secondary" onClick={() => setAsking('reinstate')}>
                {t('coord.people.reinstate')}
              </Button>
            ) : (
              <Button variant="danger" onClick={() => setAsking('suspend')}>
                {t('coord.people.suspend')}
              </Button>
            )}
          </div>
          <RegistrationCheck person={p} />
          <h3 className="mt-6 text-lg font-bold">{t('coord.people.reliability')}</h3>
          <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {/* Offers are a distributor's; a donor's record counts how their packages ended. */}
            {(p.userType === 'donor'
              ? (['completed', 'expired', 'cancelled'] as const)
              : ([
                  'offers',
                  'offersAccepted',
                  'offersLapsed',
                  'offersDeclined',
                  'released',
                  'completed',
                  'expired',
                  'cancelled',
                ] as const)
            ).map((key) => (
              <div key={key} className="rounded-lg bg-gray-50 p-3 dark:bg-gray-900">
                <dt className="text-sm">{t(`coord.rel.${key}`)}</dt>
                <dd className="text-xl font-bold">{formatNumber(p.reliability[key])}</dd>
              </div>
            ))}
          </dl>
          {p.dispatchRecord && (
            <p className="mt-3" data-testid="dispatch-record">
              {t('coord.offer.record', {
                collected: formatNumber(p.dispatchRecord.collected),
                missed: formatNumber(p.dispatchRecord.missed),
                lapsed: formatNumber(p.dispatchRecord.lapsed),
              })}
              {p.dispatchRecord.isAskedFirst && (
                <span className="block font-semibold">{t('coord.people.askedFirst')}</span>
              )}
            </p>
          )}
          <h3 className="mt-6 text-lg font-bold">{t('coord.people.packages')}</h3>
          {p.packages.length === 0 ? (
            <p className="mt-2">{t('coord.people.noPackages')}</p>
          ) : (
            <ul className="mt-2 space-y-2">
              {p.packages.map((pkg) => (
                <li
                  key={`${pkg.role}-${pkg.id}`}
                  className="flex flex-wrap items-center gap-2 text-sm"
                >
                  <StateBadge state={pkg.state} />
                  <span>{t('common.meals', { count: pkg.quantity })}</span>
                  <span>· {pkg.address}</span>
                  <span>· {formatDateTime(pkg.createdAt)}</span>
                  <span>· {t(`coord.people.as.${pkg.role}`)}</span>
                </li>
              ))}
            </ul>
          )}
          <CoordinatorReasonDialog
            key={asking ?? 'none'}
            title={t(asking === 'reinstate' ? 'coord.reinstate.title' : 'coord.suspend.title', {
              name: p.name,
            })}
            intro={t(asking === 'reinstate' ? 'coord.reinstate.intro' : 'coord.suspend.intro')}
            confirm={t(asking === 'reinstate' ? 'coord.reinstate.submit' : 'coord.suspend.submit')}
            variant={asking === 'reinstate' ? 'primary' : 'danger'}
            isOpen={asking !== null}
            isPending={suspension.isPending}
            error={suspension.error}
            onClose={() => {
              setAsking(null);
              suspension.reset();
            }}
            onConfirm={(reason) => {
              if (!asking) return;
              suspension.mutate(
                { kind: asking, personId: p.id, body: { reason } },
                {
                  onSuccess: () => {
                    showAlert({
                      type: 'success',
                      title: t(
                        asking === 'reinstate' ? 'coord.reinstate.done' : 'coord.suspend.done',
                        {
                          name: p.name,
                        },
                      ),
                      msg: reason,
                    });
                    setAsking(null);
                    setTimeout(() => nameRef.current?.focus(), 0);
                  },
                },
              );
            }}
          />
        </article>
      )}
    </div>
  );
}
