import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation } from 'react-router';
import { site } from '../content/site';
import { type HomeSection, useGoToSection } from '../features/home/hooks/use-go-to-section';
import { useSiteContent } from '../features/home/api/get-site-content';
import { useI18n } from '../i18n/i18n';
import type { MessageKey } from '../i18n/messages/en';
import { useTheme } from '../lib/theme';
import { LanguagePicker } from './language-picker';

/** The landing page's sections; the operator's own (testimonials, team) once they exist. */
function useSectionLinks(): { id: HomeSection; label: MessageKey }[] {
  const { testimonials, team } = useSiteContent();
  return [
    { id: 'about', label: 'nav.about' },
    { id: 'features', label: 'nav.features' },
    { id: 'impact', label: 'nav.impact' },
    ...(testimonials.length > 0
      ? [{ id: 'testimonials' as const, label: 'nav.testimonials' as const }]
      : []),
    ...(team.length > 0 ? [{ id: 'team' as const, label: 'nav.team' as const }] : []),
  ];
}

export function ThemeToggle() {
  const { isDark, toggleTheme } = useTheme();
  const { t } = useI18n();
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-pressed={isDark}
      aria-label={t('theme.label')}
      title={isDark ? t('theme.toLight') : t('theme.toDark')}
      className="rounded-full p-2 text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800"
    >
      <svg
        width="20"
        height="20"
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        {isDark ? (
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
        ) : (
          <>
            <circle cx="12" cy="12" r="4" />
            <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
          </>
        )}
      </svg>
    </button>
  );
}

/**
 * The sticky top bar: section links that scroll (going home first from other pages), Contact us,
 * the theme switch, and the account area (Sign In, or the user menu).
 */
export function Navbar({ accountArea }: { accountArea: ReactNode }) {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const goToSection = useGoToSection();
  const location = useLocation();
  const { t } = useI18n();
  const sectionLinks = useSectionLinks();

  // The mobile menu closes whenever the page changes.
  useEffect(() => setIsMenuOpen(false), [location.pathname]);
  const menuButton = useRef<HTMLButtonElement>(null);
  // Escape closes the phone's menu, back on its button (as the account menu does).
  useEffect(() => {
    if (!isMenuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      // A panel inside it (the account menu, the notifications) closed first takes this Escape.
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setIsMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isMenuOpen]);

  const onSectionClick = (event: MouseEvent<HTMLAnchorElement>, id: HomeSection) => {
    event.preventDefault();
    // Close the phone menu first, so the scroll is measured against the bar as it will be: with
    // the menu still open, the section landed a menu's height above the screen.
    flushSync(() => setIsMenuOpen(false));
    goToSection(id);
  };

  return (
    <header className="sticky top-0 z-50 border-b border-gray-200 bg-white/95 backdrop-blur dark:border-gray-800 dark:bg-gray-950/95">
      <nav
        aria-label={t('nav.main')}
        className="mx-auto flex max-w-6xl flex-wrap items-center gap-2 px-4 py-2"
      >
        <a
          href="/#hero"
          onClick={(e) => onSectionClick(e, 'hero')}
          className="mr-auto flex items-center gap-2 text-xl font-bold text-brand-800 dark:text-brand-200"
        >
          <img src="/favicon.svg" alt="" width={32} height={32} />
          {site.brand}
        </a>

        <div className="flex items-center gap-1 lg:order-last">
          <ThemeToggle />
          {accountArea}
          <button
            ref={menuButton}
            type="button"
            className="rounded-md p-2 lg:hidden"
            aria-controls="primary-navigation"
            aria-expanded={isMenuOpen}
            aria-label={isMenuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setIsMenuOpen((open) => !open)}
          >
            <svg
              width="24"
              height="24"
              viewBox="0 0 24 24"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              {isMenuOpen ? (
                <path d="M6 6l12 12M18 6L6 18" />
              ) : (
                <path d="M4 6h16M4 12h16M4 18h16" />
              )}
            </svg>
          </button>
        </div>

        <ul
          id="primary-navigation"
          className={`${isMenuOpen ? 'flex' : 'hidden'} w-full flex-col gap-1 pb-2 lg:flex lg:w-auto lg:flex-row lg:items-center lg:pb-0`}
        >
          {sectionLinks.map((link) => (
            <li key={link.id}>
              <a
                href={`/#${link.id}`}
                onClick={(e) => onSectionClick(e, link.id)}
                className="block rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-50 hover:text-brand-800 dark:hover:bg-gray-800 dark:hover:text-brand-200"
              >
                {t(link.label)}
              </a>
            </li>
          ))}
          <li>
            <Link
              to="/contact"
              className="block rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-50 hover:text-brand-800 dark:hover:bg-gray-800 dark:hover:text-brand-200"
            >
              {t('nav.contact')}
            </Link>
          </li>
          <li className="px-3 py-2 lg:py-0">
            <LanguagePicker />
          </li>
        </ul>
      </nav>
    </header>
  );
}
