import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/**
 * Keyboard behaviour of a menu button (WAI-ARIA menu button / listbox): Enter, Space or ArrowDown opens
 * on the first item (ArrowUp on the last), arrows move, Home/End jump, Escape closes and returns focus
 * to the button, Tab closes, a click outside closes.
 */
export function useMenu(count: number, initialIndex = 0) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const id = useId();

  const openAt = useCallback(
    (index: number) => {
      setActive(Math.max(0, Math.min(count - 1, index)));
      setOpen(true);
    },
    [count],
  );
  const close = useCallback((returnFocus = true) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (open) listRef.current?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      const t = e.target as Node;
      if (!listRef.current?.contains(t) && !buttonRef.current?.contains(t)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const onButtonKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      openAt(initialIndex);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openAt(count - 1);
    }
  };

  /** Handles keys in the open list; choose(index) runs for Enter/Space. */
  const onListKeyDown = (e: KeyboardEvent, choose: (index: number) => void) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        setActive((i) => (i + 1) % count);
        break;
      case 'ArrowUp':
        e.preventDefault();
        setActive((i) => (i - 1 + count) % count);
        break;
      case 'Home':
        e.preventDefault();
        setActive(0);
        break;
      case 'End':
        e.preventDefault();
        setActive(count - 1);
        break;
      case 'Escape':
        e.preventDefault();
        close();
        break;
      case 'Tab':
        setOpen(false);
        break;
      case 'Enter':
      case ' ':
        e.preventDefault();
        choose(active);
        break;
    }
  };

  return {
    open,
    active,
    setActive,
    openAt,
    close,
    buttonRef,
    listRef,
    id,
    itemId: (i: number) => `${id}-item-${i}`,
    toggle: () => (open ? close() : openAt(initialIndex)),
    onButtonKeyDown,
    onListKeyDown,
  };
}
