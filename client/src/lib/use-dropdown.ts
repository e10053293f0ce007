import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * A panel that opens from a button in the header (the account menu, the notifications): it
 * closes on a click outside its container, on Escape, when the focus moves out of it (Tab past
 * its last item), and when the page changes.
 */
export function useDropdown<T extends HTMLElement = HTMLDivElement>() {
  const [isOpen, setIsOpen] = useState(false);
  const container = useRef<T>(null);
  const { pathname } = useLocation();

  useEffect(() => setIsOpen(false), [pathname]);

  useEffect(() => {
    if (!isOpen) return;
    const onDown = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setIsOpen(false);
    };
    // Escape closes the innermost panel only: with the focus in this one, the focus goes back
    // to its button (the panel's content is gone with it) and nothing else closes.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const box = container.current;
      setIsOpen(false);
      if (box?.contains(document.activeElement)) {
        event.preventDefault();
        box.querySelector<HTMLElement>('button')?.focus({ preventScroll: true });
      }
    };
    // Only when the focus lands somewhere else on the page: none at all (a click on bare page,
    // the window left) is the click handler's to judge.
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (next instanceof Node && !container.current?.contains(next)) setIsOpen(false);
    };
    const box = container.current;
    document.addEventListener('mousedown', onDown);
    // Heard before the page's other Escape handlers (the phone menu's), so they can tell.
    document.addEventListener('keydown', onKey, true);
    box?.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey, true);
      box?.removeEventListener('focusout', onFocusOut);
    };
  }, [isOpen]);

  return { isOpen, setIsOpen, container };
}
