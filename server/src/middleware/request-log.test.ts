import { describe, expect, it } from 'vitest';
import { pathOf } from './request-log';

describe('what a request log line says of the address', () => {
  it('leaves the secrets in addresses out: the SMS webhook’s and a calendar feed’s', () => {
    const token = 'ZHrJXYNdHpLw0a1b2c3d4e5f6g7h8i9j0kLmNoPqRsT';
    expect(pathOf(`/api/calendar/${token}.ics?x=1`)).toBe('/api/calendar/[secret].ics');
    expect(pathOf(`/API/Calendar/${token}.ics`)).not.toContain(token);
    expect(pathOf('/api/sms/webhook/abcdefghijklmnopqrstuvwxyz/inbound')).toBe(
      '/api/sms/webhook/[secret]/inbound',
    );
    expect(pathOf('/api/package/1234/ics')).toBe('/api/package/1234/ics');
  });
});
