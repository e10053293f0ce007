import { OSM_ATTRIBUTION } from '@almquest/contracts/location';
import L from 'leaflet';
import type { MessageKey } from '../../i18n/messages/en';

type Translate = (key: MessageKey) => string;

/**
 * A Leaflet map as every AlmQuest map starts: no zoom by the scroll wheel (the page scrolls), the
 * zoom buttons and the credit line in the reader's language (Leaflet's own are English), and the
 * tiles with their attribution (OpenStreetMap's, by default, in the reader's language too). The caller adds its markers and lines, and removes the map.
 */
export function baseMap(
  container: HTMLElement,
  {
    center,
    zoom,
    tileUrl,
    attribution,
    t,
  }: {
    center: L.LatLngExpression;
    zoom: number;
    tileUrl: string;
    attribution: string;
    t: Translate;
  },
): L.Map {
  const map = L.map(container, {
    scrollWheelZoom: false,
    zoomControl: false,
    attributionControl: false,
  }).setView(center, zoom);
  L.control.zoom({ zoomInTitle: t('map.zoomIn'), zoomOutTitle: t('map.zoomOut') }).addTo(map);
  // Leaflet's name stays a name; what it is, is said in the reader's language.
  const credit = document.createElement('a');
  credit.href = 'https://leafletjs.com';
  credit.title = t('map.library');
  credit.textContent = 'Leaflet';
  L.control.attribution({ prefix: credit.outerHTML }).addTo(map);
  const tiles = L.tileLayer(tileUrl, {
    attribution: attribution === OSM_ATTRIBUTION ? t('map.osmCredit') : attribution,
    maxZoom: 19,
  }).addTo(map);
  sayWhenTilesFail(map, tiles, t('map.tilesFailed'));
  return map;
}

/**
 * Without its pictures (offline, or the tile server unreachable) a map is a grey box: it says
 * so, once, in a line on the map, until a picture loads after all. Markers and lines still show.
 */
function sayWhenTilesFail(map: L.Map, tiles: L.TileLayer, words: string): void {
  let hasLoaded = false;
  let notice: L.Control | null = null;
  tiles.on('tileload', () => {
    hasLoaded = true;
    notice?.remove();
    notice = null;
  });
  tiles.on('tileerror', () => {
    if (hasLoaded || notice) return;
    notice = new L.Control({ position: 'topright' });
    notice.onAdd = () => {
      const line = L.DomUtil.create(
        'p',
        'm-0 max-w-56 rounded bg-white/90 px-1.5 py-0.5 text-xs text-gray-800',
      );
      line.setAttribute('role', 'status');
      line.textContent = words;
      return line;
    };
    notice.addTo(map);
  });
}
