import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nProvider, loadStartingCatalog } from '../../../i18n/i18n';
import { buildDistributorProfile, buildDonorProfile } from '../../../test/data';
import { ProfileView } from './profile-view';

describe('profile view', () => {
  it('shows a name with markup as text, never as markup', () => {
    const name = '<img src=x onerror="window.hacked=1"><b>Asha</b>';
    const profile = buildDonorProfile({
      name,
      location: {
        address: '<script>alert(1)</script> Connaught Place',
        coordinates: [28.64, 77.22],
      },
      lifetimeDonation: 12,
    });
    const { container } = render(
      <I18nProvider>
        <ProfileView profile={profile} />
      </I18nProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(name);
    expect(screen.getByText('<script>alert(1)</script> Connaught Place')).toBeInTheDocument();
    expect(container.querySelector('img, b, script')).toBeNull();
    expect(screen.getByText('+91 98765 43210')).toBeInTheDocument();
    expect(screen.getByText('AlmQuest verified donor', { exact: false })).toBeInTheDocument();
  });

  it("says a distributor's room and phone in Bengali as a Bengali reader counts: ৫০টি", async () => {
    const profile = buildDistributorProfile({ maxCapacity: 50, totalPackagesDistributed: 0 });
    render(
      <I18nProvider initial={await loadStartingCatalog('bn')}>
        <ProfileView profile={profile} />
      </I18nProvider>,
    );
    expect(await screen.findByText('৫০টি')).toBeInTheDocument();
    // No packages yet: said in words, no lone big ০ (it reads as a bullet).
    expect(screen.getByTestId('lifetime-total')).toHaveTextContent(
      /^এখনও কোনো প্যাকেট বিতরণ করেননি$/,
    );
    expect(screen.getByText('+৯১ ৯১২৩৪ ৫৬৭৮৯')).toBeInTheDocument();
  });

  it('says one package, not one packages', () => {
    const one = buildDistributorProfile({ totalPackagesDistributed: 1 });
    const { unmount } = render(
      <I18nProvider>
        <ProfileView profile={one} />
      </I18nProvider>,
    );
    expect(screen.getByTestId('lifetime-total')).toHaveTextContent('1 package distributed in all');
    unmount();
    render(
      <I18nProvider>
        <ProfileView profile={buildDistributorProfile({ totalPackagesDistributed: 3 })} />
      </I18nProvider>,
    );
    expect(screen.getByTestId('lifetime-total')).toHaveTextContent('3 packages distributed in all');
  });

  it('says when automatic pairing is paused after a missed pick-up', () => {
    render(
      <I18nProvider>
        <ProfileView
          profile={buildDistributorProfile({ autoAccept: true, autoAcceptPaused: true })}
        />
      </I18nProvider>,
    );
    expect(screen.getByText(/missed more pick-ups than I collected/)).toBeInTheDocument();
    expect(screen.queryByText('Accepted automatically')).toBeNull();
  });
});
