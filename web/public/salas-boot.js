// A public page arrives drawn by the server, readable as it is; its scripts only make it respond.
// They are asked for once the page is on screen, so that on a slow line the styles and the first
// photo do not share it with them (server/plugins/spa.ts writes this tag in their place).
(() => {
  const me = document.currentScript;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of (me.getAttribute('data-modules') || '').split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = me.getAttribute('data-entry');
    document.head.appendChild(script);
  };
  // After the first frame is painted; a tab opened in the background paints no frame, so a second
  // after the page was read at the latest.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);
})();
