import { Component, type ComponentType, lazy, type ReactNode, Suspense } from 'react';

type Props = {
  children: ReactNode;
  fallback: ReactNode;
  onFailure: () => void;
  retryKey: unknown;
};
type State = { hasFailed: boolean; failedAt?: unknown };

/** Shows the fallback in place of a part whose code did not load, and lets the part try again. */
class FallbackOnFailure extends Component<Props, State> {
  override state: State = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  /** Failed, and the retry key has changed since (the person moved on): try again. */
  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (!state.hasFailed) return { failedAt: props.retryKey };
    return props.retryKey === state.failedAt ? null : { hasFailed: false };
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
 * stays (outside the pages' error screen, a failure here would blank the whole app). It tries to
 * load again when shown afresh, or when its `retryKey` changes (the page's address, for a part
 * that stays on screen from page to page).
 */
export function optionalPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let Part = lazy(load);
  return function OptionalPart({
    fallback = null,
    retryKey,
    ...props
  }: P & { fallback?: ReactNode; retryKey?: unknown }) {
    return (
      <FallbackOnFailure
        fallback={fallback}
        retryKey={retryKey}
        onFailure={() => (Part = lazy(load))}
      >
        <Suspense fallback={fallback}>
          <Part {...(props as P)} />
        </Suspense>
      </FallbackOnFailure>
    );
  };
}
