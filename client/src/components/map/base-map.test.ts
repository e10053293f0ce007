import { OSM_ATTRIBUTION } from '@almquest/contracts/location';
import L from 'leaflet';
import { describe, expect, it } from 'vitest';
import { hiApp } from '../../i18n/messages/hi-app';
import type { MessageKey } from '../../i18n/messages/en';
import { baseMap } from './base-map';

/** A map in Hindi in a container of its own on the page; `done` removes both. */
function hindiMap(attribution: string, tileUrl = '/t/{z}/{x}/{y}.png') {
  const container = document.createElement('div');
  document.body.append(container);
  const t = (key: MessageKey) => (hiApp as Record<string, string>)[key] ?? key;
  const map = baseMap(container, { center: [22.57, 88.36], zoom: 10, tileUrl, attribution, t });
  return {
    container,
    map,
    done() {
      map.remove();
      container.remove();
    },
  };
}

describe('a map', () => {
  it("speaks the reader's language on its zoom buttons and credit line", () => {
    const { container, done } = hindiMap('© OpenStreetMap', '/tiles/{z}/{x}/{y}.png');
    const zoomIn = container.querySelector('.leaflet-control-zoom-in');
    const zoomOut = container.querySelector('.leaflet-control-zoom-out');
    expect(zoomIn?.getAttribute('title')).toBe('नक्शा बड़ा करें');
    expect(zoomIn?.getAttribute('aria-label')).toBe('नक्शा बड़ा करें');
    expect(zoomOut?.getAttribute('title')).toBe('नक्शा छोटा करें');
    const credit = container.querySelector('.leaflet-control-attribution');
    expect(credit?.textContent).toContain('Leaflet');
    expect(credit?.textContent).toContain('© OpenStreetMap');
    expect(credit?.querySelector('a[href="https://leafletjs.com"]')?.getAttribute('title')).toBe(
      'इंटरैक्टिव नक्शों के लिए एक JavaScript लाइब्रेरी',
    );
    expect(credit?.innerHTML).not.toContain('A JavaScript library');
    done();
  });

  it("says OpenStreetMap's own credit in the reader's language, and an operator's as written", () => {
    for (const [attribution, shown] of [
      [OSM_ATTRIBUTION, '© OpenStreetMap योगदानकर्ता'],
      ['Tiles © Example Maps', 'Tiles © Example Maps'],
    ]) {
      const { container, done } = hindiMap(attribution!);
      const credit = container.querySelector('.leaflet-control-attribution');
      expect(credit?.textContent).toContain(shown);
      expect(credit?.textContent).not.toContain('contributors');
      done();
    }
  });

  it('says, on the map, when its pictures cannot load, until one does', () => {
    const { container, map, done } = hindiMap(OSM_ATTRIBUTION);
    let tiles: L.TileLayer | undefined;
    map.eachLayer((layer) => {
      if (layer instanceof L.TileLayer) tiles = layer;
    });
    const notice = () => container.querySelector('[role="status"]');
    expect(notice()).toBeNull();
    tiles!.fire('tileerror');
    tiles!.fire('tileerror');
    expect(container.querySelectorAll('[role="status"]')).toHaveLength(1);
    expect(notice()?.textContent).toBe(
      'नक्शे की तस्वीरें लोड नहीं हो पाईं, पर निशान और रेखा से रास्ता अब भी दिख रहा है।',
    );
    tiles!.fire('tileload');
    expect(notice()).toBeNull();
    tiles!.fire('tileerror');
    expect(notice()).toBeNull();
    done();
  });
});
