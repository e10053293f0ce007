import { Component, type ComponentType, lazy, type ReactNode, Suspense } from 'react';

type Props = { children: ReactNode; onFailure: () => void };

/** Shows nothing in place of a part whose code did not load, and lets the part try again. */
class NothingOnFailure extends Component<Props, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override componentDidCatch() {
    this.props.onFailure();
  }

  override render() {
    return this.state.hasFailed ? null : this.props.children;
  }
}

/**
 * A part of the app shell (a banner, the toast list) whose code is not on the first page: it loads
 * when first shown. Offline with no service worker its code may not load; then the part shows
 * nothing and the page stays (outside the pages' error screen, a failure here would blank the
 * whole app). Shown again after it was gone (mounted afresh), it tries to load again.
 */
export function optionalPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let Part = lazy(load);
  return function OptionalPart(props: P) {
    return (
      <NothingOnFailure onFailure={() => (Part = lazy(load))}>
        <Suspense fallback={null}>
          <Part {...props} />
        </Suspense>
      </NothingOnFailure>
    );
  };
}
