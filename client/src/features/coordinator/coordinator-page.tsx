import { monthForm } from '@almquest/contracts/clock';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { site } from '../../content/site';
import { useI18n } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/locales';
import { usePageTitle } from '../../lib/use-page-title';
import { AuditPanel, MessagesPanel, ReportsPanel } from './components/inbox-panels';
import { DeliveriesPanel } from './components/deliveries-panel';
import { PeoplePanel } from './components/people-panel';
import { WaitingPanel } from './components/waiting-panel';

const TABS = ['waiting', 'people', 'reports', 'messages', 'deliveries', 'audit'] as const;
type Tab = (typeof TABS)[number];

const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab === value);

/** The coordinator console: one tab per job, the tab kept in the address. */
export default function CoordinatorPage() {
  const { t } = useI18n();
  usePageTitle(t('coord.title'), site.brand);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'waiting';
  const baseId = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (next: Tab, focus = false) => {
    setParams(next === 'waiting' ? {} : { tab: next }, { replace: true });
    if (focus) tabs.current[TABS.indexOf(next)]?.focus();
  };
  // The tabs pattern of the WAI-ARIA practices: arrows, Home and End move between tabs.
  const onKeyDown = (event: KeyboardEvent) => {
    const at = TABS.indexOf(tab);
    const to =
      event.key === 'ArrowRight'
        ? (at + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : null;
    if (to === null) return;
    event.preventDefault();
    select(TABS[to]!, true);
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('coord.title')}</h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{t('coord.intro')}</p>
      <div
        role="tablist"
        aria-label={t('coord.title')}
        // On a phone the six tabs take two rows in Hindi and Bengali: pills there, which read as
        // one set on any number of rows; underlined tabs on a wider screen.
        className="mt-6 flex flex-wrap gap-2 sm:gap-1 sm:border-b sm:border-gray-200 sm:dark:border-gray-800"
        onKeyDown={onKeyDown}
      >
        {TABS.map((name, i) => (
          <button
            key={name}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => select(name)}
            className={`min-h-11 shrink-0 rounded-full border px-4 text-sm font-semibold sm:rounded-none sm:rounded-t-lg sm:border-0 ${tab === name ? 'border-brand-700 bg-brand-700 text-white sm:border-b-2 sm:bg-transparent sm:text-brand-800 dark:sm:text-brand-200' : 'border-gray-300 text-gray-700 hover:bg-gray-100 dark:border-gray-700 dark:text-gray-300 dark:hover:bg-gray-800'}`}
          >
            {t(`coord.tab.${name}`)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${tab}`}
        tabIndex={0}
        className="mt-6"
      >
        {tab === 'waiting' && <WaitingPanel />}
        {tab === 'people' && <PeoplePanel />}
        {tab === 'reports' && <ReportsPanel />}
        {tab === 'messages' && <MessagesPanel />}
        {tab === 'deliveries' && <DeliveriesPanel />}
        {tab === 'audit' && (
          <>
            <ExportForm />
            <div className="mt-8">
              <AuditPanel />
            </div>
          </>
        )}
      </div>
    </div>
  );
}

/** The day in India (YYYY-MM-DD), which the export's days are: not UTC's, behind until 05:30. */
function isoDay(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(date);
}

/** Every package donated between two days, as CSV: the browser downloads it as it streams. */
function ExportForm() {
  const { t, locale } = useI18n();
  // The browser draws a date field in its own format (often the US one): the day chosen, said
  // as the rest of the app says days.
  const spelledOut = (day: string) =>
    /^\d{4}-\d{2}-\d{2}$/.test(day)
      ? new Intl.DateTimeFormat(intlLocale(locale), {
          day: 'numeric',
          month: monthForm(locale),
          year: 'numeric',
          timeZone: 'UTC',
        }).format(new Date(`${day}T00:00:00Z`))
      : undefined;
  const today = new Date();
  const [from, setFrom] = useState(isoDay(new Date(today.getTime() - 30 * 86_400_000)));
  const [to, setTo] = useState(isoDay(today));
  const isValid = Boolean(from && to && from <= to);
  // A form's POST, not a link: an export leaves a trace in the audit log, so no GET (which an
  // image in a page could make) starts one. The answer is an attachment: the page stays.
  return (
    <form
      method="post"
      action="/api/coordinator/packages.csv"
      onSubmit={(e) => {
        if (!isValid) e.preventDefault();
      }}
      aria-labelledby="export-title"
      className="rounded-xl border border-gray-200 p-4 dark:border-gray-800"
    >
      <h2 id="export-title" className="text-lg font-bold">
        {t('coord.export.title')}
      </h2>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <TextField
          label={t('coord.export.from')}
          name="from"
          type="date"
          value={from}
          hint={spelledOut(from)}
          onChange={(e) => setFrom(e.target.value)}
        />
        <TextField
          label={t('coord.export.to')}
          name="to"
          type="date"
          value={to}
          hint={spelledOut(to)}
          error={from && to && from > to ? t('coord.export.order') : undefined}
          onChange={(e) => setTo(e.target.value)}
        />
        <button
          type="submit"
          className={buttonClasses('primary', isValid ? '' : 'opacity-60')}
          aria-disabled={!isValid}
        >
          {t('coord.export.submit')}
        </button>
      </div>
    </form>
  );
}
