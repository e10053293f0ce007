import {
  type AuditDetails,
  DISPOSALS_FLAGGED_FROM,
  type Report,
} from '@almquest/contracts/coordinator';
import { personName } from '../../../lib/person-name';
import { useState } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { Spinner } from '../../../components/ui/spinner';
import { keepTogether, localPhone, useI18n } from '../../../i18n/i18n';
import { useAlerts } from '../../../lib/alerts';
import { failureAlert } from '../../../lib/api-client';
import { StateBadge } from '../../../components/state-badge';
import {
  latestOfEach,
  useAuditLog,
  useCloseReport,
  useMarkMessage,
  useMessages,
  useReports,
} from '../api/inbox';
import { CoordinatorReasonDialog } from './reason-dialog';

export function Loading() {
  const { t } = useI18n();
  return (
    <div className="flex justify-center py-8" role="status" aria-label={t('common.loading')}>
      <Spinner />
    </div>
  );
}

export function Failed({ onRetry }: { onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <div role="alert">
      <p>{t('coord.loadFailed')}</p>
      <Button variant="secondary" className="mt-2" onClick={onRetry}>
        {t('common.tryAgain')}
      </Button>
    </div>
  );
}

/** Reports from donors and distributors, open ones first, with the package and both sides. */
export function ReportsPanel() {
  const { t, formatDateTime, formatNumber } = useI18n();
  const reports = useReports();
  const close = useCloseReport();
  const { showAlert } = useAlerts();
  const [closing, setClosing] = useState<Report | null>(null);
  if (reports.isPending) return <Loading />;
  if (reports.isError) return <Failed onRetry={() => void reports.refetch()} />;
  const list = latestOfEach(reports.data.pages.flatMap((page) => page.reports));
  return (
    <div>
      {list.length === 0 ? (
        <p className="rounded-lg bg-gray-100 p-4 dark:bg-gray-800">{t('coord.reports.empty')}</p>
      ) : (
        <ul className="space-y-3">
          {list.map((r) => (
            <li
              key={r.id}
              className={`rounded-xl border p-4 ${r.closedAt ? 'border-gray-200 opacity-80 dark:border-gray-800' : 'border-red-300 dark:border-red-800'}`}
              data-testid="report"
            >
              <p className="font-semibold">{t(`coord.report.reason.${r.reason}`)}</p>
              {r.donorDisposals >= DISPOSALS_FLAGGED_FROM && (
                <p className="mt-1 font-semibold text-red-800 dark:text-red-200" data-testid="flag">
                  {t('coord.report.disposalsFlag', { count: r.donorDisposals })}
                </p>
              )}
              {r.note && <p className="mt-1 wrap-anywhere whitespace-pre-line">“{r.note}”</p>}
              <p className="mt-1 text-sm">
                {t('coord.reports.by', {
                  name: r.reporter?.name ?? t('coord.reports.deleted'),
                  date: keepTogether(formatDateTime(r.createdAt)),
                })}
              </p>
              <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
                <StateBadge state={r.package.state} />
                {t('common.meals', { count: r.package.quantity })}&nbsp;· {r.package.address}
              </p>
              <p className="text-sm">
                {t('coord.waiting.donor', {
                  name: personName(r.package.donor.name, t),
                  phone:
                    localPhone(r.package.donor.phone, formatNumber) || t('common.notAvailable'),
                })}
              </p>
              {r.package.distributor && (
                <p className="text-sm">
                  {t('coord.waiting.distributor', {
                    name: personName(r.package.distributor.name, t),
                    phone:
                      localPhone(r.package.distributor.phone, formatNumber) ||
                      t('common.notAvailable'),
                  })}
                </p>
              )}
              {r.closedAt ? (
                <p className="mt-2 text-sm font-semibold">
                  {t('coord.reports.closed', { date: formatDateTime(r.closedAt) })}
                </p>
              ) : (
                <Button variant="secondary" className="mt-3" onClick={() => setClosing(r)}>
                  {t('coord.reports.close')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton pages={reports} label={t('coord.list.more')} />
      <CoordinatorReasonDialog
        key={closing?.id ?? 'none'}
        title={t('coord.close.title')}
        intro={t('coord.close.intro')}
        confirm={t('coord.close.submit')}
        variant="primary"
        isOpen={closing !== null}
        isPending={close.isPending}
        error={close.error}
        onClose={() => {
          setClosing(null);
          close.reset();
        }}
        onConfirm={(reason) => {
          if (!closing) return;
          close.mutate(
            { id: closing.id, body: { reason } },
            {
              onSuccess: () => {
                setClosing(null);
                showAlert({ type: 'success', title: t('coord.close.done'), msg: reason });
              },
            },
          );
        }}
      />
    </div>
  );
}

/** Contact messages: delivery state, read/unread, a reply link. */
export function MessagesPanel() {
  const { t, formatDateTime, errorText } = useI18n();
  const messages = useMessages();
  const mark = useMarkMessage();
  const { showAlert } = useAlerts();
  if (messages.isPending) return <Loading />;
  if (messages.isError) return <Failed onRetry={() => void messages.refetch()} />;
  const list = messages.data.pages.flatMap((page) => page.messages);
  // The count as of the latest page read (the first page is read again after each change).
  const unread = messages.data.pages[0]?.unread ?? 0;
  return (
    <div>
      <p className="font-semibold" role="status">
        {t('coord.messages.unread', { count: unread })}
      </p>
      {list.length === 0 ? (
        <p className="mt-4 rounded-lg bg-gray-100 p-4 dark:bg-gray-800">
          {t('coord.messages.empty')}
        </p>
      ) : (
        <ul className="mt-4 space-y-3">
          {list.map((m) => (
            <li
              key={m.id}
              className={`rounded-xl border p-4 ${m.readAt ? 'border-gray-200 dark:border-gray-800' : 'border-brand-600 bg-brand-50 dark:bg-brand-950'}`}
              data-testid="message"
            >
              <p className="text-sm">
                {!m.readAt && <strong>{t('coord.messages.new')}&nbsp;· </strong>}
                {t('coord.messages.from', {
                  name: m.name,
                  email: m.email,
                  date: keepTogether(formatDateTime(m.createdAt)),
                })}
              </p>
              <p className="mt-2 wrap-anywhere whitespace-pre-line">{m.message}</p>
              <p className="mt-2 text-sm">{t(`coord.delivery.${m.deliveryState}`)}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                <a
                  className={buttonClasses('secondary')}
                  href={`mailto:${m.email}?subject=${encodeURIComponent(t('coord.messages.replySubject'))}`}
                >
                  {t('coord.messages.reply')}
                </a>
                {/* aria-disabled, not disabled: a disabled button drops the focus to the page. */}
                <Button
                  variant="ghost"
                  aria-disabled={mark.isPending}
                  onClick={() =>
                    !mark.isPending &&
                    mark.mutate(
                      { id: m.id, isRead: !m.readAt },
                      {
                        onError: (error) =>
                          showAlert(failureAlert(t('coord.messages.markFailed'), error, errorText)),
                      },
                    )
                  }
                >
                  {m.readAt ? t('coord.messages.markUnread') : t('coord.messages.markRead')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton pages={messages} label={t('coord.list.more')} />
    </div>
  );
}

/** The audit log, newest first: every coordinator action with who, when and why. */
export function AuditPanel() {
  const { t, formatDateTime } = useI18n();
  const log = useAuditLog();
  if (log.isPending) return <Loading />;
  if (log.isError) return <Failed onRetry={() => void log.refetch()} />;
  const entries = log.data.pages.flatMap((page) => page.entries);
  return (
    <div>
      {entries.length === 0 ? (
        <p className="rounded-lg bg-gray-100 p-4 dark:bg-gray-800">{t('coord.audit.empty')}</p>
      ) : (
        <ol className="space-y-2">
          {entries.map((e) => (
            <li
              key={e.id}
              className="rounded-lg border border-gray-200 p-3 dark:border-gray-800"
              data-testid="audit-entry"
            >
              <p className="font-semibold">{auditActionText(e.action, t)}</p>
              {(e.targetName || e.targetKind === 'user') && (
                <p className="text-sm wrap-anywhere">
                  {e.targetName ?? t('coord.audit.deletedPerson')}
                </p>
              )}
              {e.targetPackage && (
                <p className="text-sm wrap-anywhere">
                  {t('coord.audit.package', {
                    meals: t('common.meals', { count: e.targetPackage.quantity }),
                    address: e.targetPackage.address,
                  })}
                </p>
              )}
              {e.details
                ? auditDetailLines(e.details, t).map((line) => (
                    <p key={line} className="text-sm wrap-anywhere">
                      {line}
                    </p>
                  ))
                : e.summary && <p className="text-sm wrap-anywhere">{e.summary}</p>}
              {e.reason && (
                <p className="text-sm">{t('coord.audit.reason', { reason: e.reason })}</p>
              )}
              <p className="text-sm text-gray-700 dark:text-gray-300">
                {t('coord.audit.entry', {
                  who: e.actorEmail,
                  date: keepTogether(formatDateTime(e.at)),
                })}
              </p>
            </li>
          ))}
        </ol>
      )}
      <LoadMoreButton pages={log} label={t('coord.audit.more')} />
    </div>
  );
}

const AUDIT_ACTIONS = [
  'package.offer',
  'package.cancel',
  'person.suspend',
  'person.reinstate',
  'person.verifyRegistration',
  'person.unverifyRegistration',
  'report.close',
  'message.read',
  'message.unread',
  'packages.export',
] as const;

/** What an entry concerned, in the reader's language (the log keeps facts, not sentences). */
function auditDetailLines(d: AuditDetails, t: ReturnType<typeof useI18n>['t']): string[] {
  const lines: string[] = [];
  if (d.distributorName !== undefined && d.state)
    lines.push(
      t('coord.audit.offeredTo', {
        name: d.distributorName ?? t('coord.audit.deleted'),
        state: t(`state.${d.state}`),
      }),
    );
  if (d.was) lines.push(t('coord.audit.was', { state: t(`state.${d.was}`) }));
  if (d.openPackages !== undefined)
    lines.push(t('coord.audit.openPackages', { count: d.openPackages }));
  if (d.reportReason)
    lines.push(t('coord.audit.report', { reason: t(`coord.report.reason.${d.reportReason}`) }));
  if (d.from && d.to) lines.push(t('coord.audit.days', { from: d.from, to: d.to }));
  return lines;
}

function auditActionText(action: string, t: ReturnType<typeof useI18n>['t']): string {
  const known = AUDIT_ACTIONS.find((a) => a === action);
  return known ? t(`coord.audit.action.${known}`) : action;
}
