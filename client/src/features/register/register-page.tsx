import type { Location } from '@almquest/contracts/location';
import type { UserType } from '@almquest/contracts/session';
import {
  DONOR_TYPES,
  DistributorRegistrationSchema,
  type DonorType,
  DonorRegistrationSchema,
} from '@almquest/contracts/users';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PlaceAutocomplete } from '../../components/places/place-autocomplete';
import {
  type ConsentChoice,
  ConsentFields,
  consentOf,
} from '../../components/privacy/consent-fields';
import { usePrivacySettings } from '../../components/privacy/privacy-settings';
import { PrivacySummary } from '../../components/privacy/privacy-summary';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { checkExist } from './api/check-exist';
import { useI18n } from '../../i18n/i18n';
import { site } from '../../content/site';
import { usePageTitle } from '../../lib/use-page-title';
import type { MessageKey } from '../../i18n/messages/en';
import { useAlerts } from '../../lib/alerts';
import { useAllowedUser } from '../../components/require-access';
import { firstName, sessionQueryKey } from '../../lib/session/session';
import { focusFirstInvalid, useForm } from '../../lib/use-form';
import { type RegistrationInput, useRegister } from './api/register';
import { SideArt } from './components/side-art';

type FormValues = {
  name: string;
  phone: string;
  location: Location | null;
  donorType: DonorType;
  distanceRange: string;
  maxCapacity: string;
  consent: ConsentChoice;
};

const distanceCopy = {
  donor: {
    placeholder: 'register.distance.donorPlaceholder',
    hint: 'register.distance.donorHint',
  },
  distributor: {
    placeholder: 'register.distance.distributorPlaceholder',
    hint: 'register.distance.distributorHint',
  },
} as const satisfies Record<UserType, { placeholder: MessageKey; hint: MessageKey }>;

export default function RegisterPage() {
  const user = useAllowedUser();
  return <RegisterForm name={user.name} email={user.email} />;
}

function RegisterForm({ name, email }: { name: string; email: string }) {
  // "Join us as a Distributor" arrives with ?type=distributor.
  const [searchParams] = useSearchParams();
  const [userType, setUserType] = useState<UserType>(() =>
    searchParams.get('type') === 'distributor' ? 'distributor' : 'donor',
  );
  const form = useForm<FormValues>({
    name,
    phone: '',
    location: null,
    donorType: 'Individual',
    distanceRange: '',
    maxCapacity: '',
    consent: { accepts: false, isAdult: false },
  });
  const privacy = usePrivacySettings();
  const { values } = form;
  const registration = useRegister();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { showAlert } = useAlerts();
  const { t } = useI18n();
  usePageTitle(t('register.title'), site.brand);
  const roleName = (type: UserType) => t(`role.${type}`);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const common = {
      name: values.name,
      email,
      phone: values.phone,
      location: values.location,
      distanceRange: values.distanceRange,
      consent: consentOf(values.consent),
    };
    let input: RegistrationInput;
    if (userType === 'donor') {
      const body = form.check(DonorRegistrationSchema, { ...common, donorType: values.donorType });
      if (!body) return focusFirstInvalid(formElement);
      input = { userType, body };
    } else {
      const body = form.check(DistributorRegistrationSchema, {
        ...common,
        maxCapacity: values.maxCapacity,
      });
      if (!body) return focusFirstInvalid(formElement);
      input = { userType, body };
    }
    registration.mutate(input, {
      onSuccess: async () => {
        // Re-check the user by e-mail, as SPEC asks, then refresh who is signed in.
        await checkExist(email).catch(() => undefined);
        await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        showAlert({
          type: 'success',
          title: t('register.done.title', { role: roleName(userType) }),
          // A person by their first name (SPEC); an organisation or a group by its whole name:
          // "Nagpur Food Bank" is not "Nagpur".
          msg: t('register.done.msg', {
            name:
              userType === 'donor' && values.donorType === 'Individual'
                ? firstName(values.name)
                : values.name.trim(),
          }),
          replaces: 'signIn',
        });
        void navigate('/');
      },
      onError: (error) => {
        form.failed(t('register.failed'))(error);
        focusFirstInvalid(formElement);
      },
    });
  };

  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-[1fr_2fr]">
      <div className="flex flex-col items-center gap-4">
        <h1 className="text-3xl font-bold text-brand-800 dark:text-brand-200">
          {t('register.title')}
        </h1>
        <div
          role="radiogroup"
          aria-label={t('register.accountType')}
          className="flex rounded-full border border-brand-700 p-1"
        >
          {(['donor', 'distributor'] as const).map((type) => (
            <button
              key={type}
              type="button"
              role="radio"
              aria-checked={userType === type}
              onClick={() => setUserType(type)}
              className={`min-h-11 rounded-full px-5 text-sm font-semibold ${
                userType === type ? 'bg-brand-700 text-white' : 'text-brand-800 dark:text-brand-200'
              }`}
            >
              {roleName(type)}
            </button>
          ))}
        </div>
        <SideArt userType={userType} label={t(`register.art.${userType}`)} />
      </div>

      <form
        noValidate
        onSubmit={onSubmit}
        aria-label={t('register.as', { role: roleName(userType) })}
        className="space-y-5"
      >
        <TextField
          label={t('register.name')}
          autoComplete="name"
          required
          {...form.textField('name')}
        />
        <TextField
          label={t('register.email')}
          name="email"
          type="email"
          value={email}
          disabled
          readOnly
        />
        <TextField
          label={t('register.phone')}
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          placeholder={t('register.phone.placeholder')}
          required
          {...form.textField('phone')}
        />
        <PlaceAutocomplete
          label={t('register.location')}
          required
          value={values.location}
          error={form.errorFor('location')}
          onChange={(location) => form.set('location', location)}
        />
        {userType === 'donor' && (
          <SelectField
            label={t('register.donorCategory')}
            id="donorType"
            options={DONOR_TYPES}
            optionLabel={(type) => t(`donorType.${type as DonorType}`)}
            value={values.donorType}
            onChange={(e) => form.set('donorType', e.target.value as DonorType)}
          />
        )}
        <TextField
          label={t('register.distance')}
          type="text"
          inputMode="decimal"
          placeholder={t(distanceCopy[userType].placeholder)}
          required
          {...form.textField('distanceRange')}
          hint={t(distanceCopy[userType].hint)}
        />
        {userType === 'distributor' && (
          <TextField
            label={t('register.capacity')}
            type="text"
            inputMode="numeric"
            placeholder={t('register.capacity.placeholder')}
            required
            {...form.textField('maxCapacity')}
            hint={t('register.capacity.hint')}
          />
        )}
        {privacy.data && <PrivacySummary settings={privacy.data} />}
        <ConsentFields
          choice={values.consent}
          onChange={(consent) => form.set('consent', consent)}
          errorFor={form.errorFor}
        />
        <Button type="submit" disabled={registration.isPending} className="w-full">
          {registration.isPending
            ? t('register.registering')
            : t('register.as', { role: roleName(userType) })}
        </Button>
      </form>
    </div>
  );
}
