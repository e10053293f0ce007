import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-client';
import { PushServiceError, usePushDevice } from '../../../lib/session/push-device';

/**
 * "Turn on notifications on this device", in the bell (compact) and on the profile:
 * the device's state in words and the one action that changes it.
 */
export function PushDeviceToggle({ compact = false }: { compact?: boolean }) {
  const { t, errorText } = useI18n();
  const device = usePushDevice();
  if (device.state === 'checking') return null;
  if (device.state === 'unsupported' && compact) return null;
  const text = {
    unsupported: t('push.unsupported'),
    blocked: t('push.blocked'),
    off: t('push.off'),
    on: t('push.on'),
  }[device.state];
  return (
    <div
      data-push-state={device.state}
      className={
        compact
          ? 'flex flex-wrap items-center justify-between gap-2 border-t border-gray-100 px-4 py-2 text-sm dark:border-gray-800'
          : 'space-y-3 text-sm'
      }
    >
      <p role="status" className="text-gray-700 dark:text-gray-300">
        {text}
      </p>
      {device.state === 'off' && (
        <Button
          onClick={() => void device.turnOn()}
          disabled={device.isWorking}
          className={compact ? 'min-h-9 px-3 py-1' : ''}
        >
          {device.isWorking ? t('push.working') : t('push.turnOn')}
        </Button>
      )}
      {device.state === 'on' && (
        <Button
          variant="secondary"
          onClick={() => void device.turnOff()}
          disabled={device.isWorking}
          className={compact ? 'min-h-9 px-3 py-1' : ''}
        >
          {device.isWorking ? t('push.working') : t('push.turnOff')}
        </Button>
      )}
      {device.error !== null && (
        <p role="alert" className="w-full text-red-700 dark:text-red-300">
          {!navigator.onLine
            ? // Offline, neither the push service nor AlmQuest was reached: nothing changed.
              t('error.offline')
            : device.error instanceof PushServiceError
              ? t('push.noService')
              : device.error instanceof ApiError
                ? errorText(device.error)
                : t('push.failed')}
        </p>
      )}
    </div>
  );
}
