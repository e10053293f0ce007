import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { localPhone, useI18n } from '../../../i18n/i18n';
import type { MessagingChannel } from '@almquest/contracts/messaging';
import {
  useChannelUpdates,
  useMessagingSettings,
  useStartChannel,
  useTurnOffChannel,
  useVerifyChannel,
} from '../api/messaging';

/**
 * WhatsApp and SMS in "How we reach you" (decision 039), each only where the server sends on it.
 * Without their settings the profile goes on; nothing here is needed to use AlmQuest.
 */
export function PhoneSettings({ isDistributor }: { isDistributor: boolean }) {
  const { t } = useI18n();
  const settings = useMessagingSettings();
  if (settings.isPending) {
    return (
      <div role="status" aria-label={t('phone.loading')} className="mt-4">
        <Spinner />
      </div>
    );
  }
  return (['whatsapp', 'sms'] as const).map((channel) =>
    settings.data?.[channel].available ? (
      <ChannelSettings key={channel} channel={channel} isDistributor={isDistributor} />
    ) : null,
  );
}

/**
 * One phone channel: off, a code sent and awaited, on (with updates as the person chooses), or
 * stopped from the phone.
 */
function ChannelSettings({
  channel,
  isDistributor,
}: {
  channel: MessagingChannel;
  isDistributor: boolean;
}) {
  const { t, errorText, formatNumber } = useI18n();
  const settings = useMessagingSettings();
  const start = useStartChannel(channel);
  const verify = useVerifyChannel(channel);
  const updates = useChannelUpdates(channel);
  const turnOff = useTurnOffChannel(channel);
  const [code, setCode] = useState('');
  const headingId = useId();
  // The pressed button goes with the state it belonged to: the heading takes the focus instead,
  // so a keyboard or screen-reader user stays in the section and hears where it stands.
  const heading = useRef<HTMLHeadingElement>(null);
  const shownState = settings.data?.[channel].state;
  const lastState = useRef(shownState);
  const { reset: resetStart } = start;
  const { reset: resetUpdates } = updates;
  const { reset: resetTurnOff } = turnOff;
  useEffect(() => {
    if (lastState.current !== undefined && shownState !== lastState.current) {
      heading.current?.focus();
      // A refusal belongs to the state it was made in: once that moved on, it is gone.
      resetStart();
      resetUpdates();
      resetTurnOff();
    }
    lastState.current = shownState;
  }, [shownState, resetStart, resetUpdates, resetTurnOff]);
  // A refusal: the pressed button was disabled while it waited (a browser then drops the focus
  // to the page), so the heading takes it, and the alert below it is read out.
  const failed = start.isError || updates.isError || turnOff.isError;
  useEffect(() => {
    if (failed) heading.current?.focus();
  }, [failed]);
  const current = settings.data?.[channel];
  if (!current?.available) return null;
  const phone = current.phone ? localPhone(current.phone, formatNumber) : '';
  const isBusy = start.isPending || verify.isPending || updates.isPending || turnOff.isPending;
  const failure = [start, updates, turnOff].find((m) => m.isError)?.error;

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate(code, { onSuccess: () => setCode('') });
  };
  const startOver = () => {
    verify.reset();
    setCode('');
    start.mutate();
  };

  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 border-t border-gray-200 pt-4 text-sm dark:border-gray-700"
    >
      <h3 id={headingId} ref={heading} tabIndex={-1} className="font-semibold">
        {t(`${channel}.title`)}
      </h3>
      {(current.state === 'off' || current.state === 'stopped') && (
        <>
          <p className="mt-1 text-gray-700 dark:text-gray-300">
            {current.state === 'stopped'
              ? t(`${channel}.stopped`, { phone })
              : t(isDistributor ? `${channel}.offDistributor` : `${channel}.offDonor`)}
          </p>
          <Button className="mt-3" variant="secondary" disabled={isBusy} onClick={startOver}>
            {t(`${channel}.turnOn`)}
          </Button>
        </>
      )}
      {current.state === 'verifying' && (
        <form onSubmit={confirm} className="mt-1" noValidate>
          <p role="status" className="text-gray-700 dark:text-gray-300">
            {t(`${channel}.sent`, { phone })}
          </p>
          <TextField
            className="mt-3 max-w-xs"
            label={t(`${channel}.code`)}
            name="code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={20}
            error={verify.isError ? errorText(verify.error) : undefined}
            announceError
          />
          <div className="mt-3 flex flex-wrap gap-2">
            <Button type="submit" disabled={isBusy}>
              {t('phone.confirm')}
            </Button>
            <Button variant="ghost" disabled={isBusy} onClick={startOver}>
              {t('phone.resend')}
            </Button>
            <Button variant="ghost" disabled={isBusy} onClick={() => turnOff.mutate()}>
              {t('phone.cancel')}
            </Button>
          </div>
        </form>
      )}
      {current.state === 'on' && (
        <>
          <p role="status" className="mt-1 text-gray-700 dark:text-gray-300">
            {t(`${channel}.on`, { phone })}
          </p>
          {/* A donor gets no offers: for them updates are everything the channel carries. */}
          {isDistributor && (
            <div className="mt-2">
              <CheckboxField
                label={t('phone.updates')}
                checked={updates.isPending ? updates.variables : current.updates}
                onChange={(checked) => updates.mutate(checked)}
              />
            </div>
          )}
          <Button
            className="mt-2"
            variant="ghost"
            disabled={isBusy}
            onClick={() => turnOff.mutate()}
          >
            {t(`${channel}.turnOff`)}
          </Button>
        </>
      )}
      {isBusy && (
        <div className="mt-2">
          <Spinner size={24} />
        </div>
      )}
      {failure !== undefined && (
        <p role="alert" className="mt-2 text-red-700 dark:text-red-300">
          {errorText(failure)}
        </p>
      )}
    </section>
  );
}
