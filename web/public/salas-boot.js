// A public page arrives drawn by the server, readable as it is; its scripts only make it respond.
// They are asked for once the page is on screen, so that on a slow line the styles and the first
// photo do not share it with them (server/plugins/spa.ts writes this tag in their place).
(() => {
  const me = document.currentScript;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const tags = (me.getAttribute('data-modules') || '')
      .split(' ')
      .filter(Boolean)
      .map((href) => {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        return link;
      });
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = me.getAttribute('data-entry');
    tags.push(script);
    // A few at a time: each request started costs the main thread (~0.6 ms, 2.5 ms on a phone), and
    // the room page's ~40 in one task held it past 50 ms (docs/performance.md, "Décima rodada").
    const next = () => {
      for (const tag of tags.splice(0, 8)) document.head.appendChild(tag);
      if (tags.length) setTimeout(next, 0);
    };
    next();
  };
  // After the first frame is painted; a tab opened in the background paints no frame, so a second
  // after the page was read at the latest.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);
})();
