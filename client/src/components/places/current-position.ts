import type { MessageKey } from '../../i18n/messages/en';

/** Why the browser could not say where it is, as the catalog key of what the person can do. */
export class PositionError extends Error {
  override name = 'PositionError';
  constructor(readonly key: MessageKey) {
    super(key);
  }
}

/** The browser's position, as a promise; rejects with a PositionError a person can act on. */
export function currentPosition(): Promise<{ lat: number; lng: number }> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new PositionError('places.noGeolocation'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (pos) => resolve({ lat: pos.coords.latitude, lng: pos.coords.longitude }),
      (err) =>
        reject(
          new PositionError(
            err.code === err.PERMISSION_DENIED ? 'places.denied' : 'places.notFoundHere',
          ),
        ),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}
