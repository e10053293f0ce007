import {
  DIETS,
  type Diet,
  FOOD_KINDS,
  type FoodKind,
  isCooked,
} from '@almquest/contracts/packages';
import {
  StandingDonationRequestSchema,
  WEEKDAYS,
  type Weekday,
} from '@almquest/contracts/standing';
import type { DonorProfile } from '@almquest/contracts/users';
import type { FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/field';
import { useI18n } from '../../../i18n/i18n';
import { useAlerts } from '../../../lib/alerts';
import { useForm } from '../../../lib/use-form';
import { useCreateStanding } from '../api/standing';
import { weekdayName } from '../../../i18n/week';

const WINDOWS = ['1', '2', '3', '4', '6', '8', '12'] as const;

/**
 * Sets up a standing donation: which days, when the food is ready, how long it may be picked up
 * after, what and how much; at the donor's registered place (decision 041).
 */
export function StandingForm({ profile, onDone }: { profile: DonorProfile; onDone: () => void }) {
  const { t, locale } = useI18n();
  const { showAlert } = useAlerts();
  const create = useCreateStanding();
  const form = useForm<{
    days: Weekday[];
    readyAt: string;
    windowHours: string;
    quantity: string;
    diet: Diet | '';
    foodKind: FoodKind | '';
    startsOn: string;
    endsOn: string;
  }>({
    days: [...WEEKDAYS],
    readyAt: '20:00',
    windowHours: '2',
    quantity: '',
    diet: '',
    foodKind: '',
    startsOn: '',
    endsOn: '',
  });
  const { days, foodKind } = form.values;
  const toggleDay = (day: Weekday, isOn: boolean) =>
    form.set(
      'days',
      WEEKDAYS.filter((d) => (d === day ? isOn : days.includes(d))),
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const { readyAt, windowHours, quantity, diet, startsOn, endsOn } = form.values;
    const body = form.check(StandingDonationRequestSchema, {
      days,
      readyAt,
      windowHours,
      quantity,
      travelCapacity: profile.distanceRange,
      location: profile.location,
      diet: diet || undefined,
      foodKind: foodKind || undefined,
      ...(startsOn && { startsOn }),
      ...(endsOn && { endsOn }),
    });
    if (!body) return;
    create.mutate(body, {
      onSuccess: () => {
        showAlert({ type: 'success', title: t('standing.created'), msg: t('standing.createdMsg') });
        onDone();
      },
      onError: form.failed(t('standing.createFailed')),
    });
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="mt-4 space-y-4 rounded-2xl border border-gray-200 p-4 dark:border-gray-800"
      aria-label={t('standing.new')}
    >
      <fieldset>
        <legend className="font-semibold">{t('standing.days')}</legend>
        <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
          {WEEKDAYS.map((day) => (
            <CheckboxField
              key={day}
              label={weekdayName(locale, day, 'long')}
              checked={days.includes(day)}
              onChange={(isOn) => toggleDay(day, isOn)}
            />
          ))}
        </div>
        {form.errorFor('days') && (
          <p className="mt-1 text-sm text-red-700 dark:text-red-300" role="alert">
            {form.errorFor('days')}
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('standing.readyAt')}
          type="time"
          required
          hint={t('standing.readyAt.hint')}
          {...form.textField('readyAt')}
        />
        <SelectField
          label={t('standing.window')}
          options={WINDOWS}
          optionLabel={(hours) => t('standing.window.hours', { count: Number(hours) })}
          value={form.values.windowHours}
          onChange={(e) => form.set('windowHours', e.target.value)}
          hint={isCooked(foodKind || null) ? t('standing.window.cooked') : undefined}
          error={form.errorFor('windowHours')}
        />
        <TextField
          label={t('donate.quantity')}
          type="text"
          inputMode="numeric"
          placeholder={t('donate.quantity.placeholder')}
          required
          {...form.textField('quantity')}
        />
        <SelectField
          label={t('donate.diet')}
          options={['', ...DIETS]}
          optionLabel={(diet) => (diet ? t(`diet.${diet as Diet}`) : t('donate.diet.choose'))}
          value={form.values.diet}
          onChange={(e) => form.set('diet', e.target.value as Diet | '')}
          required
          error={form.errorFor('diet')}
        />
        <SelectField
          label={t('donate.foodKind')}
          options={['', ...FOOD_KINDS]}
          optionLabel={(kind) =>
            kind ? t(`foodKind.${kind as FoodKind}`) : t('donate.diet.choose')
          }
          value={foodKind}
          onChange={(e) => form.set('foodKind', e.target.value as FoodKind | '')}
          required
          error={form.errorFor('foodKind')}
        />
        <TextField
          label={t('standing.startsOn')}
          type="date"
          hint={t('standing.startsOn.hint')}
          {...form.textField('startsOn')}
        />
        <TextField
          label={t('standing.endsOn')}
          type="date"
          hint={t('standing.endsOn.hint')}
          {...form.textField('endsOn')}
        />
      </div>
      <p className="text-sm">
        {t('standing.where', { address: profile.location.address, km: profile.distanceRange })}
      </p>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t('common.saving') : t('standing.save')}
        </Button>
      </div>
    </form>
  );
}
