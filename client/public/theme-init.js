// Applies the saved theme before the first paint, so a dark-mode user never sees a white flash.
(function () {
  try {
    if (localStorage.getItem('darkMode') === 'true') document.documentElement.classList.add('dark');
  } catch {
    /* storage blocked: keep the light theme */
  }
})();
