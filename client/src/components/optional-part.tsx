import { Component, type ComponentType, lazy, type ReactNode, Suspense } from 'react';

type Props = { children: ReactNode; fallback: ReactNode; onFailure: () => void };

/** Shows the fallback in place of a part whose code did not load, and lets the part try again. */
class FallbackOnFailure extends Component<Props, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override componentDidCatch() {
    this.props.onFailure();
  }

  override render() {
    return this.state.hasFailed ? this.props.fallback : this.props.children;
  }
}

/**
 * A part of the app shell (a banner, the toast list, the account menu) whose code is not on the
 * first page: it loads when first shown. Offline with no service worker its code may not load;
 * then the part shows its fallback (nothing, unless given one, as while it loads) and the page
 * stays (outside the pages' error screen, a failure here would blank the whole app). Shown again
 * after it was gone (mounted afresh), it tries to load again.
 */
export function optionalPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let Part = lazy(load);
  return function OptionalPart({ fallback = null, ...props }: P & { fallback?: ReactNode }) {
    return (
      <FallbackOnFailure fallback={fallback} onFailure={() => (Part = lazy(load))}>
        <Suspense fallback={fallback}>
          <Part {...(props as P)} />
        </Suspense>
      </FallbackOnFailure>
    );
  };
}
