import 'leaflet/dist/leaflet.css';
import type { MeetRoute } from '@almquest/contracts/packages';
import L from 'leaflet';
import { baseMap } from '../../../components/map/base-map';
import { textElement } from '../../../lib/text-node';
import { useEffect, useRef } from 'react';
import { useI18n } from '../../../i18n/i18n';

type Props = {
  route: MeetRoute;
  tileUrl: string;
  attribution: string;
  fromLabel: string;
  meetLabel: string;
};

/** SPEC map zoom. The map then fits both points. */
const START_ZOOM = 10;

/**
 * Leaflet map from the viewer's location to the meet point: both markers and the route line
 * (road from OSRM, or the straight line). Loaded only on the package page.
 */
export default function MeetMap({ route, tileUrl, attribution, fromLabel, meetLabel }: Props) {
  const { t } = useI18n();
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!container.current) return;
    const map = baseMap(container.current, {
      center: route.to,
      zoom: START_ZOOM,
      tileUrl,
      attribution,
      t,
    });
    L.polyline(route.points, {
      color: '#1d4ed8',
      weight: 5,
      opacity: 0.8,
      dashArray: route.kind === 'straight' ? '8 8' : undefined,
    }).addTo(map);
    L.circleMarker(route.from, {
      radius: 9,
      color: '#166534',
      fillColor: '#22c55e',
      fillOpacity: 1,
    })
      .bindTooltip(textElement(fromLabel), { permanent: true, direction: 'top' })
      .addTo(map);
    L.circleMarker(route.to, { radius: 9, color: '#92400e', fillColor: '#f59e0b', fillOpacity: 1 })
      .bindTooltip(textElement(meetLabel), { permanent: true, direction: 'top' })
      .addTo(map);
    map.fitBounds(L.latLngBounds([route.from, route.to]), { padding: [40, 40], maxZoom: 15 });
    return () => {
      map.remove();
    };
  }, [route, tileUrl, attribution, fromLabel, meetLabel, t]);

  return (
    // `isolate`: Leaflet's panes and controls (z-index 400-1000) stay inside the map, under
    // the sticky header and the alerts.
    <div
      ref={container}
      className="isolate h-72 w-full rounded-xl border border-gray-200 sm:h-96 dark:border-gray-700"
    />
  );
}
