import 'leaflet/dist/leaflet.css';
import { INDIA_BOUNDS } from '@almquest/contracts/location';
import L from 'leaflet';
import { baseMap } from '../map/base-map';
import { useEffect, useRef } from 'react';
import { useI18n } from '../../i18n/i18n';

type Props = {
  at: [number, number];
  tileUrl: string;
  attribution: string;
  onMove: (at: [number, number]) => void;
};

/** About 50 m, in degrees of latitude: one nudge of the keyboard buttons. */
const NUDGE = 0.00045;

const clamp = ([lat, lng]: [number, number]): [number, number] => [
  Math.min(INDIA_BOUNDS.maxLat, Math.max(INDIA_BOUNDS.minLat, lat)),
  Math.min(INDIA_BOUNDS.maxLng, Math.max(INDIA_BOUNDS.minLng, lng)),
];

/**
 * A map with a marker to drag onto the exact spot (a place list's point can be a locality's
 * post office, kilometres away). Buttons move it too, for keyboards and screen readers. Loaded
 * only when someone opens it.
 */
export default function AdjustOnMap({ at, tileUrl, attribution, onMove }: Props) {
  const { t } = useI18n();
  const container = useRef<HTMLDivElement>(null);
  const marker = useRef<L.Marker | null>(null);
  const onMoveRef = useRef(onMove);
  onMoveRef.current = onMove;

  useEffect(() => {
    if (!container.current) return;
    const map = baseMap(container.current, { center: at, zoom: 15, tileUrl, attribution, t });
    const icon = L.divIcon({
      className: '',
      html: '<span style="display:block;width:22px;height:22px;border-radius:50%;background:#15803d;border:3px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.5)"></span>',
      iconSize: [22, 22],
      iconAnchor: [11, 11],
    });
    const pin = L.marker(at, {
      draggable: true,
      icon,
      title: t('places.pin'),
      keyboard: false,
    });
    pin.on('dragend', () => {
      const { lat, lng } = pin.getLatLng();
      const next = clamp([lat, lng]);
      pin.setLatLng(next);
      onMoveRef.current(next);
    });
    pin.addTo(map);
    marker.current = pin;
    return () => {
      map.remove();
      marker.current = null;
    };
    // The map is made once; later moves go through the marker.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tileUrl, attribution]);

  const nudge = (dLat: number, dLng: number) => {
    const pin = marker.current;
    if (!pin) return;
    const { lat, lng } = pin.getLatLng();
    const next = clamp([lat + dLat, lng + dLng]);
    pin.setLatLng(next);
    onMoveRef.current(next);
  };

  const button =
    'rounded-md border border-gray-300 px-2 py-1 text-sm font-semibold dark:border-gray-700';
  return (
    <div className="mt-2">
      <div
        ref={container}
        className="isolate h-64 w-full rounded-xl border border-gray-200 dark:border-gray-700"
      />
      <div
        className="mt-2 flex flex-wrap items-center gap-2"
        role="group"
        aria-label={t('places.movePin')}
      >
        <span className="text-sm text-gray-700 dark:text-gray-300">{t('places.dragOrMove')}</span>
        <button type="button" className={button} onClick={() => nudge(NUDGE, 0)}>
          {t('places.north')}
        </button>
        <button type="button" className={button} onClick={() => nudge(-NUDGE, 0)}>
          {t('places.south')}
        </button>
        <button type="button" className={button} onClick={() => nudge(0, NUDGE)}>
          {t('places.east')}
        </button>
        <button type="button" className={button} onClick={() => nudge(0, -NUDGE)}>
          {t('places.west')}
        </button>
      </div>
    </div>
  );
}
