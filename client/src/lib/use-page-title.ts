import { useEffect } from 'react';

/**
 * The tab's title while a page is shown ("Page not found · AlmQuest"), back to what it was when
 * the page goes. The layout sets the site's title in a layout effect, which runs before this.
 */
export function usePageTitle(title: string, brand: string) {
  useEffect(() => {
    const before = document.title;
    document.title = `${title} · ${brand}`;
    return () => {
      document.title = before;
    };
  }, [title, brand]);
}
