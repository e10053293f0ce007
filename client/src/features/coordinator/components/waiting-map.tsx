import 'leaflet/dist/leaflet.css';
import type { WaitingPackage } from '@almquest/contracts/coordinator';
import L from 'leaflet';
import { baseMap } from '../../../components/map/base-map';
import { textElement } from '../../../lib/text-node';
import { useEffect, useRef } from 'react';
import { useI18n } from '../../../i18n/i18n';

const COLOURS: Record<string, string> = {
  'Not Paired': '#b91c1c',
  Offered: '#7c3aed',
  Paired: '#1d4ed8',
};

/**
 * The waiting packages on a map (Leaflet, loaded with the console only): a dot per package,
 * coloured by state, its label on hover and focus; choosing one selects it in the list.
 */
export default function WaitingMap({
  packages,
  tileUrl,
  attribution,
  labelOf,
  onChoose,
}: {
  packages: WaitingPackage[];
  tileUrl: string;
  attribution: string;
  labelOf: (pkg: WaitingPackage) => string;
  onChoose: (id: string) => void;
}) {
  const { t } = useI18n();
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!container.current) return;
    const map = baseMap(container.current, {
      center: [22.5, 79],
      zoom: 4,
      tileUrl,
      attribution,
      t,
    });
    for (const pkg of packages) {
      L.circleMarker([pkg.lat, pkg.lng], {
        radius: 8,
        color: '#ffffff',
        weight: 2,
        fillColor: COLOURS[pkg.state] ?? '#374151',
        fillOpacity: 0.9,
      })
        // Above the marker and wrapped (index.css): a one-line label to its right ran off the
        // map at 390 px.
        .bindTooltip(textElement(labelOf(pkg)), { direction: 'top', className: 'wrapping-tooltip' })
        .on('click', () => onChoose(pkg.id))
        .addTo(map);
    }
    if (packages.length > 0) {
      map.fitBounds(L.latLngBounds(packages.map((p) => [p.lat, p.lng] as [number, number])), {
        padding: [30, 30],
        maxZoom: 13,
      });
    }
    return () => {
      map.remove();
    };
  }, [packages, tileUrl, attribution, labelOf, onChoose, t]);

  return (
    <div
      ref={container}
      className="isolate h-72 w-full rounded-xl border border-gray-200 sm:h-96 dark:border-gray-700"
    />
  );
}
