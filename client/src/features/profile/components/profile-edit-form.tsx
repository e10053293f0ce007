import type { Location } from '@almquest/contracts/location';
import {
  DONOR_TYPES,
  DistributorUpdateSchema,
  type DonorType,
  DonorUpdateSchema,
  PhoneSchema,
  type Profile,
} from '@almquest/contracts/users';
import { useMessagingSettings } from '../../../api/messaging-settings';
import type { FormEvent } from 'react';
import { PlaceAutocomplete } from '../../../components/places/place-autocomplete';
import { Button } from '../../../components/ui/button';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/field';
import { useI18n } from '../../../i18n/i18n';
import { useAlerts } from '../../../lib/alerts';
import { useForm } from '../../../lib/use-form';
import { type ProfileUpdate, useUpdateProfile } from '../api/update-profile';

type Props = { profile: Profile; onDone: () => void };
type FormValues = {
  name: string;
  phone: string;
  /** The saved place, a newly picked one, or null while typed text is not a picked place. */
  location: Location | null;
  distanceRange: string;
  donorType: DonorType;
  maxCapacity: string;
  autoAccept: boolean;
  vegOnly: boolean;
  /** A donor's FSSAI number, a distributor's NGO registration ("" for none). */
  registration: string;
};

/** 'Edit your Details': every field required except location (SPEC section 5). */
export function ProfileEditForm({ profile, onDone }: Props) {
  const form = useForm<FormValues>(() => ({
    name: profile.name,
    phone: profile.phone,
    location: profile.location,
    distanceRange: String(profile.distanceRange),
    donorType: profile.userType === 'donor' ? profile.donorType : 'Individual',
    maxCapacity: profile.userType === 'distributor' ? String(profile.maxCapacity) : '',
    autoAccept: profile.userType === 'distributor' ? profile.autoAccept : true,
    vegOnly: profile.userType === 'distributor' ? profile.vegOnly : false,
    registration: savedRegistration(profile) ?? '',
  }));
  const update = useUpdateProfile();
  const { showAlert } = useAlerts();
  const { t } = useI18n();
  // A new number is not proven: the phone channels on for the old one stop until it is.
  const messaging = useMessagingSettings();
  const newPhone = PhoneSchema.safeParse(form.values.phone);
  const channelsOn = (['whatsapp', 'sms'] as const).filter((channel) =>
    ['on', 'verifying'].includes(messaging.data?.[channel].state ?? 'off'),
  );
  const phoneHint =
    newPhone.success && newPhone.data !== profile.phone && channelsOn.length > 0
      ? t(
          channelsOn.length === 2
            ? 'edit.phoneChannels.both'
            : `edit.phoneChannels.${channelsOn[0]!}`,
        )
      : undefined;

  const discard = () => {
    showAlert({
      type: 'info',
      title: t('edit.discarded.title'),
      msg: t('edit.discarded.msg'),
    });
    onDone();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { name, phone, location, distanceRange, donorType, maxCapacity, autoAccept, vegOnly } =
      form.values;
    // The location is sent when it changed; null (typed, not picked) is refused by the schema
    // with "Pick a place from the list".
    const isSamePlace =
      location !== null &&
      location.address === profile.location.address &&
      location.coordinates[0] === profile.location.coordinates[0] &&
      location.coordinates[1] === profile.location.coordinates[1];
    const common = { name, phone, distanceRange, ...(isSamePlace ? {} : { location }) };
    // Sent when changed; emptied, it is taken off.
    const typed = form.values.registration.trim();
    const registration =
      typed === (savedRegistration(profile) ?? '') ? undefined : typed === '' ? null : typed;
    let change: ProfileUpdate;
    if (profile.userType === 'donor') {
      const body = form.check(DonorUpdateSchema, {
        ...common,
        donorType,
        ...(registration !== undefined && { fssaiNumber: registration }),
      });
      if (!body) return;
      change = { userType: 'donor', id: profile.id, body };
    } else {
      const body = form.check(DistributorUpdateSchema, {
        ...common,
        maxCapacity,
        autoAccept,
        vegOnly,
        ...(registration !== undefined && { registrationNumber: registration }),
      });
      if (!body) return;
      change = { userType: 'distributor', id: profile.id, body };
    }
    update.mutate(change, {
      onSuccess: () => {
        showAlert({
          type: 'success',
          title: t('edit.saved.title'),
          msg: t('edit.saved.msg'),
        });
        onDone();
      },
      onError: form.failed(t('edit.failed')),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="edit-title" className="space-y-5">
      <h2 id="edit-title" className="text-2xl font-bold">
        {t('edit.title')}
      </h2>
      <TextField label={t('edit.name')} required {...form.textField('name')} />
      <TextField
        label={t('register.email')}
        name="email"
        type="email"
        value={profile.email}
        disabled
        readOnly
      />
      <TextField
        label={t('register.phone')}
        type="tel"
        placeholder={t('register.phone.placeholder')}
        required
        hint={phoneHint}
        {...form.textField('phone')}
      />
      <PlaceAutocomplete
        label={t('register.location')}
        value={form.values.location}
        error={form.errorFor('location')}
        onChange={(location) => form.set('location', location)}
      />
      {profile.userType === 'donor' && (
        <SelectField
          label={t('register.donorCategory')}
          options={DONOR_TYPES}
          optionLabel={(type) => t(`donorType.${type as DonorType}`)}
          value={form.values.donorType}
          onChange={(e) => form.set('donorType', e.target.value as DonorType)}
        />
      )}
      <TextField
        label={t('register.distance')}
        type="text"
        inputMode="decimal"
        required
        {...form.textField('distanceRange')}
      />
      <TextField
        label={t(profile.userType === 'donor' ? 'edit.fssai' : 'edit.registration')}
        hint={t(profile.userType === 'donor' ? 'edit.fssai.hint' : 'edit.registration.hint')}
        {...form.textField('registration')}
        error={form.errorFor(profile.userType === 'donor' ? 'fssaiNumber' : 'registrationNumber')}
      />
      {profile.userType === 'distributor' && (
        <TextField
          label={t('edit.capacity')}
          type="text"
          inputMode="numeric"
          required
          {...form.textField('maxCapacity')}
        />
      )}
      {profile.userType === 'distributor' && (
        <>
          <CheckboxField
            label={t('edit.autoAccept')}
            hint={t('edit.autoAccept.hint')}
            checked={form.values.autoAccept}
            onChange={(checked) => form.set('autoAccept', checked)}
          />
          <CheckboxField
            label={t('edit.vegOnly')}
            checked={form.values.vegOnly}
            onChange={(checked) => form.set('vegOnly', checked)}
          />
        </>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="secondary" onClick={discard}>
          {t('edit.discard')}
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t('common.saving') : t('edit.save')}
        </Button>
      </div>
    </form>
  );
}

function savedRegistration(profile: Profile): string | null {
  return profile.userType === 'donor' ? profile.fssaiNumber : profile.registrationNumber;
}
