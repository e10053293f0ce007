import { PushPublicKeySchema } from '@almquest/contracts/push';
import { useCallback, useEffect, useState } from 'react';
import { api, ignoreBody } from '../api-client';

/**
 * Push on this device: whether this browser can take notifications, whether the
 * person allowed them, and whether this device is subscribed. Permission is asked only when the
 * person clicks "Turn on" (a browser may refuse to ask otherwise, and asking on arrival is rude).
 */
export type DeviceState = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on';

const READY_TIMEOUT_MS = 10_000;
const SYNCED_KEY = 'pushSynced';

export function isPushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

function base64urlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

const SUBSCRIBE_TIMEOUT_MS = 20_000;

function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function registration(): Promise<ServiceWorkerRegistration> {
  return withTimeout(
    navigator.serviceWorker.ready,
    READY_TIMEOUT_MS,
    'The service worker is not running',
  );
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

export async function readDeviceState(): Promise<Exclude<DeviceState, 'checking'>> {
  if (!isPushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

/**
 * The browser has the push API but no push service it can use (some browsers ship without one,
 * or cannot reach it): trying again will not help, another browser or the installed app may.
 */
export class PushServiceError extends Error {
  override name = 'PushServiceError';
  constructor(cause: unknown) {
    super('The browser’s push service is not available', { cause });
  }
}

/** Asks permission, subscribes with the server's key and registers the device for this person. */
export async function turnOnPush(): Promise<Exclude<DeviceState, 'checking'>> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const [reg, { publicKey }] = await Promise.all([
    registration(),
    api.get('/push/public-key', PushPublicKeySchema),
  ]);
  const key = base64urlBytes(publicKey);
  let subscription = await reg.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  // A browser that cannot reach its push service may never answer: give up with a message.
  subscription ??= await withTimeout(
    reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
    SUBSCRIBE_TIMEOUT_MS,
    'The browser’s push service did not answer',
  ).catch((cause: unknown) => {
    throw new PushServiceError(cause);
  });
  await api.post('/push/subscriptions', subscription.toJSON(), ignoreBody);
  sessionStorage.setItem(SYNCED_KEY, '1');
  return 'on';
}

/**
 * Stops pushes to this device: the server forgets it, and the browser unsubscribes whatever the
 * server said (offline, signed out, refused): its push service then answers "gone" to the next
 * push, and the server forgets the device then.
 */
export async function turnOffPush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  try {
    await api
      .delete('/push/subscriptions', ignoreBody, { body: { endpoint: subscription.endpoint } })
      .catch((error: unknown) => {
        // Already gone on the server (another person subscribed it since): fine.
        if ((error as { status?: number }).status !== 404) throw error;
      });
  } finally {
    await subscription.unsubscribe();
  }
}

/**
 * At sign-out: this device stops getting the person's pushes (the next person on it must not see
 * them). Never blocks signing out.
 */
export async function forgetPushDevice(): Promise<void> {
  if (!isPushSupported()) return;
  sessionStorage.removeItem(SYNCED_KEY);
  await turnOffPush().catch(() => undefined);
}

/** The device's state, and turning it on and off. */
export function usePushDevice() {
  const [state, setState] = useState<DeviceState>('checking');
  const [isWorking, setIsWorking] = useState(false);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    let isCurrent = true;
    void readDeviceState().then(async (found) => {
      if (!isCurrent) return;
      setState(found);
      // Once a visit, tell the server again (it forgets a device its push service dropped,
      // and a device moves to whoever subscribed it last).
      if (found === 'on' && !sessionStorage.getItem(SYNCED_KEY)) {
        sessionStorage.setItem(SYNCED_KEY, '1');
        // turnOnPush re-subscribes when the server's key changed (a key change strands every
        // device subscribed with the old one), and registers the device again.
        await turnOnPush().catch(() => sessionStorage.removeItem(SYNCED_KEY));
      }
    });
    return () => {
      isCurrent = false;
    };
  }, []);

  const run = useCallback(async (action: () => Promise<Exclude<DeviceState, 'checking'>>) => {
    setIsWorking(true);
    setError(null);
    try {
      setState(await action());
    } catch (caught) {
      setError(caught);
      setState(await readDeviceState().catch(() => 'off' as const));
    } finally {
      setIsWorking(false);
    }
  }, []);

  return {
    state,
    isWorking,
    error,
    turnOn: () => run(turnOnPush),
    turnOff: () =>
      run(async () => {
        await turnOffPush();
        return readDeviceState();
      }),
  };
}
