// Runs before the first paint: dark theme unless the user chose light (see client/lib/theme.ts).
;(() => {
  let theme = 'dark'
  try {
    if (localStorage.getItem('iconvault-theme') === 'light') theme = 'light'
  } catch {}
  document.documentElement.classList.toggle('dark', theme === 'dark')
  document.documentElement.style.colorScheme = theme
})()
