import type { Location } from '@almquest/contracts/location';
import {
  type Diet,
  DIETS,
  DonateRequestSchema,
  FOOD_KINDS,
  type FoodKind,
  isCooked,
  foodUseBy,
} from '@almquest/contracts/packages';
import { type DonorProfile } from '@almquest/contracts/users';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { PlaceAutocomplete } from '../../../components/places/place-autocomplete';
import { Button } from '../../../components/ui/button';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { localPhone, useI18n } from '../../../i18n/i18n';
import { donatedGroup, useAlerts } from '../../../lib/alerts';
import { DialogError } from '../../../components/ui/dialog-error';
import { focusFirstInvalid, useForm } from '../../../lib/use-form';
import { useDonate } from '../api/donate';

type Props = { profile: DonorProfile; isOpen: boolean; onClose: () => void };

/** "Pick up by" choices: hours from now, tonight at ten, or a time the donor picks. */
const READY_BY = ['1h', '2h', '3h', '4h', 'tonight', 'custom'] as const;
type ReadyBy = (typeof READY_BY)[number];
const TONIGHT_HOUR = 22;

/** The ISO time a choice means now; a custom one comes from the picker (local wall time). */
function readyUntilFor(choice: ReadyBy, custom: string, now = new Date()): string | undefined {
  if (choice === 'custom') {
    const picked = custom ? new Date(custom) : null;
    return picked && !Number.isNaN(picked.getTime()) ? picked.toISOString() : undefined;
  }
  if (choice === 'tonight') {
    const tonight = new Date(now);
    tonight.setHours(TONIGHT_HOUR, 0, 0, 0);
    return tonight.toISOString();
  }
  return new Date(now.getTime() + Number.parseInt(choice, 10) * 3_600_000).toISOString();
}

/** "Cooked": how long ago, or a time the donor picks. */
const PREPARED = ['now', '1h', '2h', '3h', 'custom'] as const;
type Prepared = (typeof PREPARED)[number];

/** The ISO time a "Cooked" choice means now; a custom one comes from the picker. */
function preparedAtFor(choice: Prepared, custom: string, now = new Date()): string | undefined {
  if (choice === 'custom') {
    const picked = custom ? new Date(custom) : null;
    return picked && !Number.isNaN(picked.getTime()) && picked <= now
      ? picked.toISOString()
      : undefined;
  }
  const hours = choice === 'now' ? 0 : Number.parseInt(choice, 10);
  return new Date(now.getTime() - hours * 3_600_000).toISOString();
}

/** Local wall time for a datetime-local input ("2026-11-24T18:30"). */
function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** From this many meals the donate form offers splitting, ticked. */
const SPLIT_DEFAULT_FROM = 50;

/** SPEC "Add a package". One idempotency key per donation: a double submit makes one package. */
export function DonateModal({ profile, isOpen, onClose }: Props) {
  const { t } = useI18n();
  return (
    <Modal title={t('donate.title')} isOpen={isOpen} onClose={onClose}>
      {isOpen && <DonateForm profile={profile} onClose={onClose} />}
    </Modal>
  );
}

function DonateForm({ profile, onClose }: Omit<Props, 'isOpen'>) {
  const { t, formatNumber, formatDateTime } = useI18n();
  const spelledOut = (local: string) => {
    const at = local ? new Date(local) : null;
    return at && !Number.isNaN(at.getTime()) ? formatDateTime(at.toISOString()) : undefined;
  };
  // Location is null while the text typed in it is not a place picked from the list.
  const form = useForm<{
    quantity: string;
    travelCapacity: string;
    location: Location | null;
    readyBy: ReadyBy;
    customReadyUntil: string;
    diet: Diet | '';
    foodKind: FoodKind | '';
    prepared: Prepared;
    customPreparedAt: string;
  }>({
    quantity: '',
    // In the reader's digits; the server reads any digits and the unit in any of the languages.
    travelCapacity: t('donate.travel.value', { km: profile.distanceRange }),
    location: profile.location,
    readyBy: '3h',
    customReadyUntil: '',
    // No default: food sent as vegetarian by mistake would reach people who take veg only.
    diet: '',
    // No default either: what the food is decides its clock (decision 040).
    foodKind: '',
    prepared: 'now',
    customPreparedAt: '',
  });
  // Tonight is offered only while ten o'clock is at least an hour away.
  const [openedAt] = useState(() => new Date());
  const readyByChoices = READY_BY.filter(
    (choice) => choice !== 'tonight' || openedAt.getHours() < TONIGHT_HOUR - 1,
  );
  // On by default from 50 meals, until the donor decides.
  const [splitChoice, setSplitChoice] = useState<boolean | null>(null);
  const allowSplit = splitChoice ?? Number(form.values.quantity.trim()) >= SPLIT_DEFAULT_FROM;
  const [isEditingLocation, setIsEditingLocation] = useState(false);
  // One idempotency key per donation: sending the same one again (an answer lost on the way)
  // makes one package, with the pick-up time first sent; changed details are another donation,
  // with a key of its own (the server refuses a key used for different details).
  const sent = useRef<{
    content: string;
    key: string;
    readyUntil: string | undefined;
    preparedAt: string | undefined;
  } | null>(null);
  const donate = useDonate(profile);
  const { showAlert } = useAlerts();
  const navigate = useNavigate();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Whatever is refused, the first field said wrong comes into view (on a phone the dialog
    // scrolls, and the pick-up time sits above the fields that make it wrong).
    const showRefused = () => focusFirstInvalid(event.currentTarget);
    if (donate.isPending) return;
    const { readyBy, customReadyUntil, quantity, travelCapacity, location, diet } = form.values;
    const { foodKind, prepared, customPreparedAt } = form.values;
    const content = JSON.stringify({
      readyBy,
      customReadyUntil,
      quantity,
      travelCapacity,
      location,
      diet,
      allowSplit,
      foodKind,
      prepared,
      customPreparedAt,
    });
    const again =
      sent.current?.content === content &&
      (sent.current.readyUntil === undefined || Date.parse(sent.current.readyUntil) > Date.now())
        ? sent.current
        : null;
    const readyUntil = again ? again.readyUntil : readyUntilFor(readyBy, customReadyUntil);
    if (readyBy === 'custom' && !readyUntil) {
      form.setError('readyUntil', t('donate.readyBy.customInvalid'));
      return showRefused();
    }
    const isCookedFood = isCooked(foodKind || null);
    const preparedAt = !isCookedFood
      ? undefined
      : again
        ? again.preparedAt
        : preparedAtFor(prepared, customPreparedAt);
    if (isCookedFood && !preparedAt) {
      form.setError('preparedAt', t('donate.preparedAt.customInvalid'));
      return showRefused();
    }
    const body = form.check(DonateRequestSchema, {
      quantity,
      travelCapacity,
      location,
      diet: diet || undefined,
      allowSplit,
      readyUntil,
      foodKind: foodKind || undefined,
      preparedAt,
      donor_id: profile.id,
      timestamp: Date.now(),
      donor_name: profile.name,
      donor_phone: profile.phone,
    });
    // Said with the other fields' errors, after the schema's check.
    if (!diet) form.setError('diet', t('donate.diet.required'));
    if (!foodKind) form.setError('foodKind', t('donate.foodKind.required'));
    if (!body || !diet || !foodKind) return showRefused();
    sent.current = { content, key: again?.key ?? crypto.randomUUID(), readyUntil, preparedAt };
    donate.mutate(
      { body, key: sent.current.key },
      {
        onSuccess: (pkg) => {
          onClose();
          // One toast for the news: the live notice of the same news gives way (lib/alerts); an offer has none yet.
          const said = (key: string) => ({ group: key, replaces: key });
          showAlert(
            pkg.groupId
              ? {
                  ...said(donatedGroup(pkg.groupId, 'splitDonor')),
                  type: 'success',
                  title: t('donate.done.title'),
                  msg: t('donate.done.split'),
                }
              : pkg.current_state === 'Paired'
                ? {
                    ...said(donatedGroup(pkg._id, 'pairedDonor')),
                    type: 'success',
                    title: t('donate.done.title'),
                    msg: t('donate.done.paired', {
                      name: pkg.pair?.distributor_name ?? t('donate.done.someone'),
                    }),
                  }
                : pkg.current_state === 'Offered'
                  ? // Nobody is named before they accept.
                    {
                      type: 'success',
                      title: t('donate.done.title'),
                      msg: t('donate.done.offered'),
                    }
                  : {
                      ...said(donatedGroup(pkg._id, 'notPaired')),
                      type: 'info',
                      title: t('donate.done.title'),
                      msg: t('donate.done.waiting'),
                    },
          );
          // A split donation opens on its parts; one package on its own page.
          void navigate(pkg.groupId ? `/donations/${pkg.groupId}` : `/transaction/${pkg._id}`);
        },
        onError: form.failed(t('donate.failed'), { inDialog: true }),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t('donate.title')}>
      <TextField
        label={t('donate.quantity')}
        type="text"
        inputMode="numeric"
        placeholder={t('donate.quantity.placeholder')}
        required
        {...form.textField('quantity')}
      />
      <TextField
        label={t('donate.travel')}
        type="text"
        placeholder={t('donate.travel.placeholder')}
        required
        {...form.textField('travelCapacity')}
        hint={t('donate.travel.hint')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <SelectField
            label={t('donate.readyBy')}
            options={readyByChoices}
            optionLabel={(choice) => t(`donate.readyBy.${choice as ReadyBy}`)}
            value={form.values.readyBy}
            onChange={(e) => form.set('readyBy', e.target.value as ReadyBy)}
            hint={t('donate.readyBy.hint')}
            error={form.values.readyBy === 'custom' ? undefined : form.errorFor('readyUntil')}
          />
          {form.values.readyBy === 'custom' && (
            <TextField
              className="mt-3"
              label={t('donate.readyBy.customLabel')}
              type="datetime-local"
              min={localInputValue(openedAt)}
              max={localInputValue(new Date(openedAt.getTime() + 48 * 3_600_000))}
              value={form.values.customReadyUntil}
              onChange={(e) => form.set('customReadyUntil', e.target.value)}
              // The browser draws the field in its own format (often the US one): the time
              // chosen, said as the rest of the app says times.
              hint={spelledOut(form.values.customReadyUntil)}
              error={form.errorFor('readyUntil')}
            />
          )}
        </div>
        <SelectField
          label={t('donate.diet')}
          options={['', ...DIETS]}
          optionLabel={(diet) => (diet ? t(`diet.${diet as Diet}`) : t('donate.diet.choose'))}
          value={form.values.diet}
          onChange={(e) => form.set('diet', e.target.value as Diet | '')}
          required
          error={form.errorFor('diet')}
        />
      </div>
      <FoodClock
        values={form.values}
        onKind={(kind) => form.set('foodKind', kind)}
        onPrepared={(choice) => form.set('prepared', choice)}
        onCustom={(local) => form.set('customPreparedAt', local)}
        errorFor={form.errorFor}
        openedAt={openedAt}
      />
      <CheckboxField
        label={t('donate.split')}
        hint={t('donate.split.hint')}
        checked={allowSplit}
        onChange={setSplitChoice}
      />
      <div>
        <PlaceAutocomplete
          label={t('donate.location')}
          value={form.values.location}
          disabled={!isEditingLocation}
          error={form.errorFor('location')}
          onChange={(location) => form.set('location', location)}
        />
        <Button
          variant="ghost"
          className="mt-1 px-0"
          onClick={() => {
            if (isEditingLocation && !form.values.location) {
              form.setError('location', t('field.pickPlace'));
              return;
            }
            setIsEditingLocation((e) => !e);
          }}
        >
          {isEditingLocation ? t('donate.saveLocation') : t('donate.editLocation')}
        </Button>
      </div>
      <p className="text-sm">
        {t('donate.yourPhone')}{' '}
        <span className="font-semibold">{localPhone(profile.phone, formatNumber)}</span>
      </p>
      <p
        role="note"
        className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
      >
        {t('donate.note')}
      </p>
      {form.failure && <DialogError {...form.failure} />}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={donate.isPending}>
          {donate.isPending ? t('donate.submitting') : t('donate.submit')}
        </Button>
      </div>
    </form>
  );
}

type FoodClockValues = {
  foodKind: FoodKind | '';
  prepared: Prepared;
  customPreparedAt: string;
  readyBy: ReadyBy;
  customReadyUntil: string;
};

/**
 * What the food is and, for cooked food, when it was cooked, with the rule that follows from it
 * (decision 040) said in the donor's language: cooked food is picked up and eaten within 4 hours.
 */
function FoodClock({
  values,
  onKind,
  onPrepared,
  onCustom,
  errorFor,
  openedAt,
}: {
  values: FoodClockValues;
  onKind: (kind: FoodKind | '') => void;
  onPrepared: (choice: Prepared) => void;
  onCustom: (local: string) => void;
  errorFor: (field: string) => string | undefined;
  openedAt: Date;
}) {
  const { t, formatDateTime } = useI18n();
  const { foodKind, prepared, customPreparedAt, readyBy, customReadyUntil } = values;
  const isCookedFood = isCooked(foodKind || null);
  const preparedAt = isCookedFood ? preparedAtFor(prepared, customPreparedAt) : undefined;
  const readyUntil = readyUntilFor(readyBy, customReadyUntil);
  const useBy =
    foodKind && readyUntil
      ? foodUseBy(foodKind, preparedAt ? new Date(preparedAt) : null, new Date(readyUntil))
      : null;
  const rule = !foodKind
    ? undefined
    : isCookedFood
      ? useBy
        ? t('donate.food.rule.cooked', { time: formatDateTime(useBy.toISOString()) })
        : undefined
      : foodKind === 'packaged'
        ? t('donate.food.rule.packaged')
        : t('donate.food.rule.fresh');
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        label={t('donate.foodKind')}
        options={['', ...FOOD_KINDS]}
        optionLabel={(kind) => (kind ? t(`foodKind.${kind as FoodKind}`) : t('donate.diet.choose'))}
        value={foodKind}
        onChange={(e) => onKind(e.target.value as FoodKind | '')}
        required
        hint={rule}
        error={errorFor('foodKind')}
      />
      {isCookedFood && (
        <div>
          <SelectField
            label={t('donate.preparedAt')}
            options={PREPARED}
            optionLabel={(choice) => t(`donate.preparedAt.${choice as Prepared}`)}
            value={prepared}
            onChange={(e) => onPrepared(e.target.value as Prepared)}
            error={prepared === 'custom' ? undefined : errorFor('preparedAt')}
          />
          {prepared === 'custom' && (
            <TextField
              className="mt-3"
              label={t('donate.preparedAt.customLabel')}
              type="datetime-local"
              min={localInputValue(new Date(openedAt.getTime() - 4 * 3_600_000))}
              max={localInputValue(openedAt)}
              value={customPreparedAt}
              onChange={(e) => onCustom(e.target.value)}
              hint={
                customPreparedAt && !Number.isNaN(new Date(customPreparedAt).getTime())
                  ? formatDateTime(new Date(customPreparedAt).toISOString())
                  : undefined
              }
              error={errorFor('preparedAt')}
            />
          )}
        </div>
      )}
    </div>
  );
}
