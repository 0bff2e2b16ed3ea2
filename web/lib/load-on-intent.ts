import { useState } from 'react';

/** What a person already did to a stand-in before the real part arrived. */
export type Intent = 'focus' | 'open' | null;

/**
 * For parts most visitors never open (the header's menus, the search's calendar): a stand-in that
 * looks the same is drawn first, and the real part's code loads on the first hover, focus or touch
 * of it. `intent` tells the real part how to carry on (take the focus, open).
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
    const trigger = (next: Intent) => () => {
      if (next) setIntent((current) => (current === 'open' ? current : next));
      start().then((m) => setModule(() => m));
    };
    return {
      module,
      intent,
      handlers: {
        onPointerEnter: trigger(null),
        onTouchStart: trigger(null),
        onFocus: trigger('focus'),
        onClick: trigger('open'),
      },
    };
  };
}
