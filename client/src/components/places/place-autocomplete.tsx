import type { Location } from '@almquest/contracts/location';
import type { Place } from '@almquest/contracts/places';
import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { usePublicConfig } from '../../lib/public-config';
import { useI18n } from '../../i18n/i18n';
import { reversePlace } from './reverse-place';
import { searchPlaces } from './search-places';
import { currentPosition, PositionError } from './current-position';
import { Spinner } from '../ui/spinner';

const DEBOUNCE_MS = 250;
const AdjustOnMap = lazy(() => import('./adjust-on-map'));

type Props = {
  label: string;
  value: Location | null;
  /**
   * A picked place, or null as soon as the text no longer is one (typed but not picked): the
   * form then refuses to save with "Pick a place from the list" instead of keeping the old place.
   */
  onChange: (location: Location | null) => void;
  error?: string | undefined;
  required?: boolean;
  /** Read-only until the person chooses to edit (the donate form). */
  disabled?: boolean;
  placeholder?: string;
};

/**
 * Place search limited to India (SPEC: places autocomplete): type two letters, pick from the list
 * with mouse or keyboard; or use the browser's location. The picked place's name becomes the
 * address and its position the coordinates.
 */
export function PlaceAutocomplete({
  label,
  value,
  onChange,
  error,
  required,
  disabled,
  placeholder,
}: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const { t, errorText, locale } = useI18n();
  const [text, setText] = useState(value?.address ?? '');
  const [options, setOptions] = useState<Place[]>([]);
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<'idle' | 'loading' | 'error' | 'locating'>('idle');
  const [message, setMessage] = useState('');
  const lastPicked = useRef(value?.address ?? '');
  const [isAdjusting, setIsAdjusting] = useState(false);
  // Map settings are asked for only when someone opens the map.
  const config = usePublicConfig({ isEnabled: isAdjusting });
  const isPicked = useRef(value !== null);
  // The list closes a moment after the field loses focus (a click on an option lands first);
  // a field gone by then has nothing to close.
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  // A place chosen from outside (a saved location, a reset) shows here; a null value is the
  // form hearing about typed text, which stays as typed.
  useEffect(() => {
    if (!value) return;
    setText(value.address);
    lastPicked.current = value.address;
    isPicked.current = true;
  }, [value]);

  const type = (next: string) => {
    setText(next);
    if (isPicked.current && next !== lastPicked.current) {
      isPicked.current = false;
      onChange(null);
    }
  };

  useEffect(() => {
    const q = text.trim();
    if (disabled || q.length < 2 || q === lastPicked.current) {
      setOptions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setStatus('loading');
      searchPlaces(q, controller.signal)
        .then((places) => {
          setOptions(places);
          setIsOpen(true);
          setActive(places.length ? 0 : -1);
          setStatus('idle');
          setMessage(places.length ? '' : t('places.none'));
        })
        .catch((err: unknown) => {
          if (controller.signal.aborted) return;
          setStatus('error');
          setMessage(err instanceof Error && 'code' in err ? errorText(err) : t('places.failed'));
        });
    }, DEBOUNCE_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [text, disabled, t, errorText]);

  const pick = (place: Place) => {
    lastPicked.current = place.address;
    isPicked.current = true;
    setText(place.address);
    setIsOpen(false);
    setOptions([]);
    setMessage('');
    onChange({ address: place.address, coordinates: place.coordinates });
  };

  const locateMe = async () => {
    setStatus('locating');
    setMessage('');
    try {
      const { lat, lng } = await currentPosition();
      const place = await reversePlace(lat, lng);
      lastPicked.current = place.address;
      isPicked.current = true;
      setText(place.address);
      onChange({ address: place.address, coordinates: [lat, lng] });
      setStatus('idle');
    } catch (err) {
      setStatus('error');
      setMessage(
        err instanceof PositionError
          ? t(err.key)
          : err instanceof Error && 'code' in err
            ? errorText(err)
            : t('places.notLocated'),
      );
    }
  };

  const isExpanded = isOpen && options.length > 0;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && options.length) {
      event.preventDefault();
      setIsOpen(true);
      setActive((i) => (i + 1) % options.length);
    } else if (event.key === 'ArrowUp' && options.length) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (event.key === 'Enter' && isOpen && active >= 0 && options[active]) {
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === 'Escape' && isExpanded) {
      // Escape closes the list first; only the next one reaches a surrounding dialog.
      event.preventDefault();
      event.stopPropagation();
      setIsOpen(false);
    }
  };

  const describedBy = [error ? `${id}-error` : '', message ? `${id}-status` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="relative">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={isExpanded}
          aria-controls={listId}
          aria-activedescendant={isExpanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          aria-required={required}
          autoComplete="off"
          disabled={disabled}
          placeholder={placeholder ?? t('places.placeholder')}
          value={text}
          onChange={(e) => type(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            clearTimeout(closeTimer.current);
            closeTimer.current = setTimeout(() => setIsOpen(false), 150);
          }}
          className="block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 disabled:bg-gray-100 disabled:text-gray-600 aria-[invalid=true]:border-red-600 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:disabled:bg-gray-800"
        />
        {status === 'loading' || status === 'locating' ? (
          <span className="flex items-center" aria-hidden="true">
            <Spinner size={24} />
          </span>
        ) : null}
      </div>
      {!disabled && (
        <div className="mt-1 flex flex-wrap gap-x-4">
          <button
            type="button"
            onClick={() => void locateMe()}
            disabled={status === 'locating'}
            className="text-sm font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-200"
          >
            {status === 'locating' ? t('places.locating') : t('places.locate')}
          </button>
          {value && (
            <button
              type="button"
              aria-expanded={isAdjusting}
              onClick={() => setIsAdjusting((open) => !open)}
              className="text-sm font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-200"
            >
              {isAdjusting ? t('places.adjustDone') : t('places.adjust')}
            </button>
          )}
        </div>
      )}
      {!disabled && isAdjusting && value && config.data && (
        <Suspense fallback={<Spinner size={24} />}>
          <AdjustOnMap
            at={value.coordinates}
            tileUrl={config.data.map.tileUrl}
            attribution={config.data.map.attribution}
            // The picked address stays; only the point moves to where the person put it.
            onMove={(coordinates) => onChange({ address: value.address, coordinates })}
          />
        </Suspense>
      )}
      <ul
        id={listId}
        role="listbox"
        aria-label={t('places.suggestions', { label })}
        className={`${isExpanded ? '' : 'hidden'} absolute z-40 mt-1 max-h-72 w-full overflow-auto rounded-lg border border-gray-200 bg-white shadow-lg dark:border-gray-700 dark:bg-gray-900`}
      >
        {options.map((place, index) => (
          <li
            key={place.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            onMouseDown={(e) => {
              e.preventDefault();
              pick(place);
            }}
            className={`cursor-pointer px-3 py-2 text-sm ${index === active ? 'bg-brand-100 dark:bg-brand-900' : ''}`}
          >
            <span className="font-semibold">
              {(locale === 'hi' || locale === 'bn' ? place.nativeNames?.[locale] : null) ??
                place.name}
            </span>
            <span className="block text-xs text-gray-600 dark:text-gray-400">{place.address}</span>
          </li>
        ))}
      </ul>
      {message && (
        <p
          id={`${id}-status`}
          role="status"
          className="mt-1 text-sm text-gray-700 dark:text-gray-300"
        >
          {message}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
