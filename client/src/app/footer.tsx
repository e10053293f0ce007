import { Link } from 'react-router';
import { site } from '../content/site';

/** SPEC: brand link to /, the 2022 copyright line, and social links with no real target. */
export function Footer() {
  return (
    <footer className="border-t border-gray-200 bg-gray-50 dark:border-gray-800 dark:bg-gray-900">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-3 px-4 py-6 sm:flex-row sm:justify-between">
        <Link to="/" className="font-bold text-brand-800 dark:text-brand-200">
          {site.brand}
        </Link>
        <p className="text-sm text-gray-700 dark:text-gray-300">{site.footer.copyright}</p>
        <ul aria-label="Social links" className="flex gap-3 text-sm">
          {site.footer.social.map((name) => (
            <li key={name}>
              <a
                href="#"
                onClick={(e) => e.preventDefault()}
                className="text-gray-700 hover:text-brand-800 dark:text-gray-300"
              >
                {name}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
