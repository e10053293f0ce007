import type { WaitingPackage } from '@almquest/contracts/coordinator';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../i18n/i18n';
import WaitingMap from './waiting-map';

describe('the waiting map', () => {
  it("shows a donor's typed address in a tooltip as text, never as markup", () => {
    const address =
      'Main Road <img src="/api/coordinator/packages.csv?from=2020-01-01"><a href="/x" style="position:fixed">Session expired</a>';
    const pkg = {
      id: '7a1c2f8e-0000-4000-8000-000000000001',
      state: 'Not Paired',
      lat: 22.57,
      lng: 88.36,
    } as WaitingPackage;
    const { container } = render(
      <I18nProvider>
        <WaitingMap
          packages={[pkg]}
          tileUrl="/tiles/{z}/{x}/{y}.png"
          attribution=""
          labelOf={() => address}
          onChoose={() => {}}
        />
      </I18nProvider>,
    );
    const marker = container.querySelector('path.leaflet-interactive');
    expect(marker).not.toBeNull();
    marker!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    const tooltip = container.querySelector('.leaflet-tooltip');
    expect(tooltip?.textContent).toBe(address);
    expect(tooltip?.querySelector('img, a')).toBeNull();
  });
});
