import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';

export function NotFoundPage() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="mt-3 text-gray-700 dark:text-gray-300">
        We could not find that page. It may have moved, or the link may be mistyped.
      </p>
      <Link to="/" className={buttonClasses('primary', 'mt-6')}>
        Back to the home page
      </Link>
    </div>
  );
}
