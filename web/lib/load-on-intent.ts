import { useRef, useState } from 'react';

/** What a person already did to a stand-in before the real part arrived. */
export type Intent = 'focus' | 'open' | null;

/**
 * For parts most visitors never open (the header's menus, the search's calendar): a stand-in that
 * looks the same is drawn first, and the real part's code loads on the first hover, focus or touch
 * of it. `intent` tells the real part how to carry on (take the focus, open).
 *
 * The real part never replaces the stand-in while it is pressed: a button swapped between the press
 * and the release gets no click (the browser sends it to neither), and the tap that asked for the
 * part would be lost. It arrives after the click (which says "open"), or once the press is let go.
 */
export function loadOnIntent<M>(load: () => Promise<M>) {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  const start = () => {
    loading ??= load().then((m) => {
      loaded = m;
      return m;
    });
    return loading;
  };
  return function useOnIntent() {
    const [module, setModule] = useState<M | null>(loaded);
    const [intent, setIntent] = useState<Intent>(null);
    const pressed = useRef(false);
    const waiting = useRef<M | null>(null);
    const release = () => {
      pressed.current = false;
      const m = waiting.current;
      waiting.current = null;
      if (m) setModule(() => m);
    };
    const trigger = (next: Intent) => () => {
      if (next) setIntent((current) => (current === 'open' ? current : next));
      start().then((m) => {
        if (pressed.current) waiting.current = m;
        else setModule(() => m);
      });
    };
    const load = trigger(null);
    return {
      module,
      intent,
      handlers: {
        onPointerEnter: load,
        onTouchStart: load,
        onPointerDown: () => {
          pressed.current = true;
          load();
        },
        // The click comes right after the release; a press let go elsewhere (or a scroll) has none.
        onPointerUp: () => setTimeout(release, 0),
        onPointerLeave: () => setTimeout(release, 0),
        onPointerCancel: release,
        onFocus: trigger('focus'),
        onClick: () => {
          trigger('open')();
          release();
        },
      },
    };
  };
}
