import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type HomeSection, type ScrollRequest, scrollToSection } from './hooks/use-go-to-section';
import { About } from './components/about';
import { Features } from './components/features';
import { Hero } from './components/hero';
import { ImpactTotals } from './components/impact-totals';
import { useSiteContent } from './api/get-site-content';
import { Team } from './components/team';
import { Testimonials } from './components/testimonials';

const sections = new Set<string>(['hero', 'about', 'features', 'impact', 'testimonials', 'team']);

export function HomePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const site = useSiteContent();

  // Arriving from another page's section link (router state) or a #hash: scroll once rendered.
  useEffect(() => {
    const requested = (location.state as ScrollRequest | null)?.scrollTo ?? location.hash.slice(1);
    if (!sections.has(requested)) return;
    // The operator's sections arrive with their content: scroll once they are there.
    if (requested === 'testimonials' && site.testimonials.length === 0) return;
    if (requested === 'team' && site.team.length === 0) return;
    scrollToSection(requested as HomeSection);
    if (location.state)
      void navigate(location.pathname + location.hash, { replace: true, state: null });
  }, [location, navigate, site]);

  return (
    <>
      <Hero />
      <About />
      <Features />
      <ImpactTotals />
      {/* The operator's own sections: shown once saved (nothing made up). */}
      {site.testimonials.length > 0 && <Testimonials />}
      {site.team.length > 0 && <Team />}
    </>
  );
}
