import type { SessionUser } from '@almquest/contracts/session';
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../components/ui/avatar';
import { useSignOut } from '../lib/session/sign-out';
import { useProfile } from '../api/get-profile';
import { useToggleActivity } from '../features/profile/api/toggle-activity';
import { useI18n } from '../i18n/i18n';
import { useTheme } from '../lib/theme';
import { useDropdown } from '../lib/use-dropdown';

const itemClass =
  'block w-full rounded-md px-3 py-2 text-left text-sm hover:bg-brand-50 focus:bg-brand-50 focus:outline-none dark:hover:bg-gray-800 dark:focus:bg-gray-800';

/**
 * SPEC profile dropdown. Registered: view profile, theme, Donate Now (donors), activity toggle
 * (distributors), View Transactions, Sign Out. Unregistered: theme, Register, Sign Out.
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const { isOpen, setIsOpen, container } = useDropdown();
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const { isDark, toggleTheme } = useTheme();
  const { t } = useI18n();
  const signOut = useSignOut();
  const profile = useProfile(user.userType === 'distributor' ? user : null);
  const toggleActivity = useToggleActivity(user);
  const isActive = profile.data?.userType === 'distributor' ? profile.data.isActive : undefined;

  // Opening moves the focus to the first item (a menu's keyboard pattern).
  useEffect(() => {
    if (!isOpen) return;
    container.current
      ?.querySelector<HTMLElement>('[role="menuitem"]')
      ?.focus({ preventScroll: true });
  }, [isOpen, container]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [
      ...(container.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
    ];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      setIsOpen(false);
      button.current?.focus({ preventScroll: true });
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      items[(index + 1) % items.length]?.focus({ preventScroll: true });
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      items[(index - 1 + items.length) % items.length]?.focus({ preventScroll: true });
    }
  };

  const close = () => setIsOpen(false);
  return (
    <div ref={container} className="relative" onKeyDown={onMenuKeyDown}>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={menuId}
        onClick={() => setIsOpen((o) => !o)}
        className="rounded-full p-0.5 ring-brand-600 hover:ring-2"
      >
        <Avatar name={user.name} picture={user.picture} size={36} />
        <span className="sr-only">{t('menu.accountFor', { name: user.name })}</span>
      </button>
      {isOpen && (
        <div
          id={menuId}
          role="menu"
          aria-label={t('menu.account')}
          className="absolute right-0 z-50 mt-2 w-60 rounded-xl border border-gray-200 bg-white p-2 shadow-lg dark:border-gray-700 dark:bg-gray-900"
        >
          <p className="truncate px-3 py-1 text-xs text-gray-600 dark:text-gray-400">
            {user.email}
          </p>
          {user.isRegistered && (
            <Link role="menuitem" to="/profile" className={itemClass} onClick={close}>
              {t('menu.viewProfile')}
            </Link>
          )}
          <button role="menuitem" type="button" className={itemClass} onClick={toggleTheme}>
            {isDark ? t('menu.lightTheme') : t('menu.darkTheme')}
          </button>
          {user.userType === 'donor' && (
            <Link role="menuitem" to="/profile?donate=1" className={itemClass} onClick={close}>
              {t('menu.donateNow')}
            </Link>
          )}
          {user.userType === 'distributor' && (
            <button
              role="menuitem"
              type="button"
              className={itemClass}
              disabled={toggleActivity.isPending || isActive === undefined}
              onClick={() => toggleActivity.mutate()}
            >
              {isActive === undefined
                ? t('menu.activity')
                : isActive
                  ? t('menu.goInactive')
                  : t('menu.goActive')}
            </button>
          )}
          {user.isRegistered && (
            <Link role="menuitem" to="/profile#transactions" className={itemClass} onClick={close}>
              {t('menu.viewTransactions')}
            </Link>
          )}
          {user.isCoordinator && (
            <Link role="menuitem" to="/coordinator" className={itemClass} onClick={close}>
              {t('menu.coordinator')}
            </Link>
          )}
          {!user.isRegistered && (
            <Link role="menuitem" to="/register" className={itemClass} onClick={close}>
              {t('menu.register')}
            </Link>
          )}
          <button
            role="menuitem"
            type="button"
            className={itemClass}
            disabled={signOut.isPending}
            onClick={() => signOut.mutate()}
          >
            {t('menu.signOut')}
          </button>
        </div>
      )}
    </div>
  );
}
