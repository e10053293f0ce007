import { PRIVACY_NOTICE_VERSION, type PrivacySettings } from '@almquest/contracts/privacy';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildNewcomer, buildSessionUser } from '../test/data';
import { fakeApi } from '../test/fake-api';
import { renderApp } from '../test/render';

const settings: PrivacySettings = {
  notice: PRIVACY_NOTICE_VERSION,
  operator: { name: 'Roti Rescue Trust', address: '12 Park Street, Kolkata' },
  grievance: { email: 'grievance@roti.example.org', phone: '+91 98300 00000', days: 15 },
  retention: {
    contactAfterFinished: 30,
    dormantAccount: 730,
    dormantWarning: 30,
    contactMessages: 365,
    auditEntries: 1095,
    backups: 30,
  },
  processors: ['push', 'email'],
};
const privacy = () => ({ status: 200, data: settings });

describe('the privacy notice', () => {
  it('reads in full at /privacy, linked from the footer, with the operator’s contact', async () => {
    fakeApi({ 'GET /privacy': privacy });
    const actor = userEvent.setup();
    const { router } = renderApp('/');
    await actor.click(
      within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Privacy' }),
    );
    expect(router.state.location.pathname).toBe('/privacy');
    expect(await screen.findByRole('heading', { name: 'Privacy notice', level: 1 })).toBeVisible();
    expect(await screen.findByText(/Roti Rescue Trust runs this AlmQuest service/)).toBeVisible();
    expect(
      screen.getByRole('link', { name: 'E-mail: grievance@roti.example.org' }),
    ).toHaveAttribute('href', 'mailto:grievance@roti.example.org');
    expect(screen.getByText(/We answer within 15 days/)).toBeVisible();
    expect(screen.getByText(/1,095 days/)).toBeVisible();
    expect(screen.getByText(/erase it 30 days later unless you sign in/)).toBeVisible();
    // Only the services this deployment uses are named.
    expect(screen.getByText(/your browser’s push service/)).toBeVisible();
    expect(screen.queryByText(/WhatsApp Business/)).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Privacy notice · AlmQuest'));
  });

  it('is read in Hindi and Bengali digits and words', async () => {
    fakeApi({ 'GET /privacy': privacy });
    localStorage.setItem('lang', 'bn');
    renderApp('/privacy');
    expect(
      await screen.findByRole('heading', { name: 'গোপনীয়তা বিজ্ঞপ্তি', level: 1 }),
    ).toBeVisible();
    expect(await screen.findByText(/১৫ দিনের মধ্যে উত্তর দিই/)).toBeVisible();
    localStorage.removeItem('lang');
  });
});

describe('agreeing to it', () => {
  it('registers only once the notice is accepted and the person says they are 18 or over', async () => {
    const api = fakeApi({
      'GET /privacy': privacy,
      'POST /donor/register': () => ({ status: 400, data: { error: { code: 'x', message: 'x' } } }),
    });
    const actor = userEvent.setup();
    renderApp('/register', { user: buildNewcomer() });
    expect(await screen.findByRole('heading', { name: 'Your data, in short' })).toBeVisible();
    expect(screen.getByText(/contact is hidden 30 days after a package ends/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Read the whole privacy notice' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    await actor.click(screen.getByRole('button', { name: 'Register as Donor' }));
    expect(
      screen.getByRole('checkbox', { name: 'I have read the privacy notice and agree to it' }),
    ).toHaveAccessibleDescription('Read and accept the current privacy notice');
    expect(screen.getByRole('checkbox', { name: 'I am 18 or over' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('asks someone registered before this notice, and lets them go on once agreed', async () => {
    let accepted: string | null = null;
    const api = fakeApi({
      'GET /privacy': privacy,
      'POST /me/consent': () => {
        accepted = PRIVACY_NOTICE_VERSION;
        return { status: 204, data: null };
      },
      'GET /session': () => ({
        status: 200,
        data: { user: buildSessionUser({ privacyNotice: accepted }) },
      }),
      'GET /notifications': () => ({ status: 200, data: { data: [], nextCursor: null } }),
    });
    const actor = userEvent.setup();
    renderApp('/notifications', { user: buildSessionUser({ privacyNotice: null }) });
    // They never saw one: it has not "changed" for them.
    expect(
      await screen.findByRole('heading', { name: 'Please read our privacy notice' }),
    ).toBeVisible();
    // Their profile stays open, to download their data and leave instead.
    expect(screen.getByRole('link', { name: 'Go to my profile instead' })).toHaveAttribute(
      'href',
      '/profile',
    );
    await actor.click(
      screen.getByRole('checkbox', { name: 'I have read the privacy notice and agree to it' }),
    );
    await actor.click(screen.getByRole('button', { name: 'Agree and continue' }));
    expect(screen.getByRole('checkbox', { name: 'I am 18 or over' })).toHaveAccessibleDescription(
      /Confirm that you are 18 or over/,
    );
    await actor.click(screen.getByRole('checkbox', { name: 'I am 18 or over' }));
    await actor.click(screen.getByRole('button', { name: 'Agree and continue' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Please read our privacy notice' })).toBeNull(),
    );
    expect(api.calls.find((c) => c.url === '/me/consent')?.data).toEqual({
      consent: { notice: PRIVACY_NOTICE_VERSION, isAdult: true },
    });
  });

  it('leaves the profile, packages and contact page open with a line that asks', async () => {
    fakeApi({ 'GET /privacy': privacy });
    const actor = userEvent.setup();
    renderApp('/contact', { user: buildSessionUser({ privacyNotice: '2020-01-01' }) });
    expect(await screen.findByRole('heading', { name: 'Contact us', level: 1 })).toBeVisible();
    expect(
      screen.getByText('You have not yet agreed to the current privacy notice.'),
    ).toBeVisible();
    await actor.click(screen.getByRole('button', { name: 'Read and agree' }));
    expect(
      await screen.findByRole('heading', { name: 'Our privacy notice has changed' }),
    ).toBeVisible();
  });

  it('takes a person to the first field left wrong when registering fails', async () => {
    fakeApi({ 'GET /privacy': privacy });
    const actor = userEvent.setup();
    renderApp('/register', { user: buildNewcomer() });
    await actor.click(await screen.findByRole('button', { name: 'Register as Donor' }));
    // The first field marked wrong has the focus (here the name is prefilled; the phone is not).
    await waitFor(() => expect(screen.getByLabelText('Phone number')).toHaveFocus());
  });
});
