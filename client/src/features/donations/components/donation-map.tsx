import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { baseMap } from '../../../components/map/base-map';
import { textElement } from '../../../lib/text-node';
import { useEffect, useRef } from 'react';
import { useI18n } from '../../../i18n/i18n';

type Point = { at: [number, number]; label: string };

/**
 * A split donation on a map: the pickup point and every part's meet point, each
 * labelled. Loaded only on the donation's page.
 */
export default function DonationMap({
  pickup,
  meets,
  tileUrl,
  attribution,
}: {
  pickup: Point;
  meets: Point[];
  tileUrl: string;
  attribution: string;
}) {
  const { t } = useI18n();
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    const map = baseMap(container.current, {
      center: pickup.at,
      zoom: 12,
      tileUrl,
      attribution,
      t,
    });
    L.circleMarker(pickup.at, { radius: 9, color: '#166534', fillColor: '#22c55e', fillOpacity: 1 })
      .bindTooltip(textElement(pickup.label), { permanent: true, direction: 'top' })
      .addTo(map);
    // Labels take turns below, right, left and above: points close together on a phone's map
    // would otherwise print their labels over each other (the pickup's is above).
    const sides = ['bottom', 'right', 'left', 'top'] as const;
    meets.forEach((meet, i) => {
      L.circleMarker(meet.at, { radius: 8, color: '#92400e', fillColor: '#f59e0b', fillOpacity: 1 })
        .bindTooltip(textElement(meet.label), {
          permanent: true,
          direction: sides[i % sides.length],
        })
        .addTo(map);
    });
    map.fitBounds(L.latLngBounds([pickup.at, ...meets.map((m) => m.at)]), {
      padding: [40, 40],
      maxZoom: 15,
    });
    return () => {
      map.remove();
    };
  }, [pickup, meets, tileUrl, attribution, t]);
  return (
    <div
      ref={container}
      className="isolate h-72 w-full rounded-xl border border-gray-200 sm:h-96 dark:border-gray-700"
    />
  );
}
