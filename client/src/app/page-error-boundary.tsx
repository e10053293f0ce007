import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { useI18n } from '../i18n/i18n';

type Props = { children: ReactNode; resetKey: string; fallback: (retry: () => void) => ReactNode };

/** Catches what a page throws while it renders or loads (its code chunk not reachable offline). */
class Boundary extends Component<Props, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override componentDidUpdate(previous: Props) {
    // Another page: try again from scratch.
    if (previous.resetKey !== this.props.resetKey && this.state.hasFailed) {
      this.setState({ hasFailed: false });
    }
  }

  override render() {
    if (!this.state.hasFailed) return this.props.children;
    return this.props.fallback(() => {
      // A page's code that failed to load is not asked for again by the same import: reload.
      window.location.reload();
    });
  }
}

/**
 * The page, or, when it cannot be shown, a plain explanation instead of a blank screen: offline,
 * that this page was not kept on the device; online, that something went wrong. Either way with
 * a button to try again and the way home.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const location = useLocation();
  return (
    <Boundary
      resetKey={location.pathname}
      fallback={(retry) => {
        const isOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
        return (
          <section
            className="mx-auto max-w-xl px-4 py-16 text-center"
            aria-labelledby="page-error-title"
          >
            <h1 id="page-error-title" className="text-2xl font-bold">
              {t(isOffline ? 'pageError.offlineTitle' : 'pageError.title')}
            </h1>
            <p className="mt-3">{t(isOffline ? 'pageError.offlineText' : 'pageError.text')}</p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <button type="button" className={buttonClasses('primary')} onClick={retry}>
                {t('pageError.retry')}
              </button>
              <a className={buttonClasses('secondary')} href="/">
                {t('notFound.home')}
              </a>
            </div>
          </section>
        );
      }}
    >
      {children}
    </Boundary>
  );
}
