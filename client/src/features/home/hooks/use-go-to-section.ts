import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

export type HomeSection = 'hero' | 'about' | 'features' | 'impact' | 'testimonials' | 'team';

/** Router state that asks the home page to scroll to a section once it has rendered. */
export type ScrollRequest = { scrollTo?: HomeSection };

export function scrollToSection(id: HomeSection): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  element.scrollIntoView({ behavior: 'smooth', block: 'start' });
  return true;
}

/**
 * Goes to a section of the home page: scrolls there at once on the home page, otherwise navigates
 * home first and lets the home page scroll (SPEC: navbar section links).
 */
export function useGoToSection(): (id: HomeSection) => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (id: HomeSection) => {
      if (pathname === '/' && scrollToSection(id)) return;
      const state: ScrollRequest = { scrollTo: id };
      void navigate('/', { state });
    },
    [navigate, pathname],
  );
}
