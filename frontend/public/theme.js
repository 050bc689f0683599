// The colour theme chosen on this device, on <html> before the first paint (issue 36: Dark
// chosen on a light device flashed light until the app's script ran). A file, not an
// inline script: the CSP allows scripts from 'self' only. lib/theme.ts is the home of the
// choice (its key, THEME_KEY, and applyTheme, which this mirrors); theme.test.ts checks both agree.
/* global window, document */
(function () {
  try {
    var choice = window.localStorage.getItem('vitalog.theme');
    if (choice !== 'dark' && choice !== 'light') return;
    document.documentElement.setAttribute('data-theme', choice);
    var scheme = document.querySelector('meta[name="color-scheme"]');
    if (scheme) scheme.setAttribute('content', choice);
  } catch {
    // No storage (a private window, a blocked cookie setting): the system's theme it is.
  }
})();
