import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../../i18n/i18n';
import { fakeApi } from '../../../test/fake-api';
import { PushDeviceToggle } from './push-device-toggle';

/** A browser with the push API whose push service refuses (as one without a service does). */
function browserWithoutPushService() {
  const subscribe = vi.fn(() =>
    Promise.reject(
      new DOMException('Registration failed - push service not available', 'AbortError'),
    ),
  );
  const registration = { pushManager: { subscribe, getSubscription: async () => null } };
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', {
    permission: 'default',
    requestPermission: async () => 'granted',
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      ready: Promise.resolve(registration),
      getRegistration: async () => registration,
    },
  });
  return subscribe;
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('turning on notifications on this device', () => {
  fakeApi({ 'GET /push/public-key': () => ({ status: 200, data: { publicKey: 'BEl6' } }) });

  it('says the browser has no push service when subscribing fails, not "please try again"', async () => {
    const subscribe = browserWithoutPushService();
    render(
      <I18nProvider>
        <PushDeviceToggle />
      </I18nProvider>,
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Turn on notifications on this device' }),
    );
    expect(subscribe).toHaveBeenCalled();
    expect(await screen.findByRole('alert')).toHaveTextContent('cannot reach a push service');
    expect(screen.getByRole('alert')).not.toHaveTextContent('Please try again');
  });

  it('says it is offline when the phone is, not "please try again"', async () => {
    browserWithoutPushService();
    const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!;
    render(
      <I18nProvider>
        <PushDeviceToggle />
      </I18nProvider>,
    );
    const turnOn = await screen.findByRole('button', {
      name: 'Turn on notifications on this device',
    });
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      await userEvent.click(turnOn);
      expect(await screen.findByRole('alert')).toHaveTextContent('You are offline');
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
      Object.defineProperty(Navigator.prototype, 'onLine', online);
    }
  });
});
