import type { AuditList } from '@almquest/contracts/coordinator';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../i18n/i18n';
import { AlertsProvider } from '../../../lib/alerts';
import { createQueryClient } from '../../../lib/query-client';
import { fakeApi } from '../../../test/fake-api';
import { AuditPanel } from './inbox-panels';

const entry = (id: number, action: string, rest: Partial<AuditList['entries'][number]>) => ({
  id,
  actorEmail: 'coordinator@example.org',
  action,
  targetKind: 'package' as const,
  targetId: `t${id}`,
  reason: null,
  summary: null,
  details: null,
  targetName: null,
  targetPackage: null,
  at: '2026-11-25T07:00:00.000Z',
  ...rest,
});

describe('the audit log', () => {
  it('words each entry from its facts, with names as they are now', async () => {
    const log: AuditList = {
      entries: [
        entry(3, 'package.offer', {
          details: { distributorName: 'Roti Bank', state: 'Offered' },
          targetPackage: { quantity: 12, address: 'Sitabuldi, Nagpur' },
        }),
        entry(2, 'report.close', {
          targetKind: 'report',
          details: { reportReason: 'not_food' },
          targetPackage: { quantity: 4, address: 'Lava, Nagpur' },
        }),
        entry(1, 'person.suspend', {
          targetKind: 'user',
          targetName: 'Asha',
          details: { openPackages: 2 },
        }),
        entry(0, 'package.cancel', { summary: 'was Paired' }),
      ],
      nextCursor: null,
    };
    fakeApi({ 'GET /coordinator/audit': () => ({ status: 200, data: log }) });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <I18nProvider>
          <AlertsProvider>
            <AuditPanel />
          </AlertsProvider>
        </I18nProvider>
      </QueryClientProvider>,
    );
    const entries = await screen.findAllByTestId('audit-entry');
    expect(entries[0]).toHaveTextContent('12 meals at Sitabuldi, Nagpur');
    expect(entries[0]).toHaveTextContent('To Roti Bank: Offered');
    expect(entries[0]).not.toHaveTextContent(/t3|distributor [0-9a-f]/);
    expect(entries[1]).toHaveTextContent('Report: Not food');
    expect(entries[2]).toHaveTextContent('2 open packages called off or given back');
    // An entry from before the log kept facts shows what it wrote then.
    expect(entries[3]).toHaveTextContent('was Paired');
  });
});
