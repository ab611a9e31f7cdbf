require('@testing-library/jest-dom');

// findBy*/waitFor wait 1 s by default. CI runs every package's tests at once on two
// cores, where a lazily loaded toast or a route change can take longer than that
// (flows.test.tsx's sign-in toast failed that way under load and passed alone). A
// longer wait changes no verdict: what never appears still fails, only later.
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });

// The kit's styles name the theme's custom properties (`color: var(--duly-colors-text)`, set on
// :root by GlobalStyle, issue 32). jsdom keeps `var()` unresolved in computed styles, where a
// browser gives the value: resolve the theme's own properties so that contrast and colour checks
// read what a browser would (jsdom's normalised spelling, `rgb(…)`, like any other value).
if (typeof window !== 'undefined') {
  const { themeCustomProperties } = require('../../shared/src/ui/theme.ts');

  const VAR = /var\((--duly-[a-z0-9-]+)\)/g;
  const resolveThemeVars = (value) =>
    typeof value === 'string' && value.includes('var(--duly-')
      ? value.replace(VAR, (whole, name) => themeCustomProperties[name] ?? whole)
      : value;
  const scratch = document.createElement('div');
  const normalised = (property, value) => {
    scratch.style.cssText = '';
    scratch.style.setProperty(property, value);
    return scratch.style.getPropertyValue(property) || value;
  };
  const kebab = (name) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  const computedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element, pseudo) => {
    const style = computedStyle(element, pseudo);
    return new Proxy(style, {
      get(target, key) {
        if (key === 'getPropertyValue') {
          return (property) => {
            const value = target.getPropertyValue(property);
            const resolved = resolveThemeVars(value);
            return resolved === value ? value : normalised(property, resolved);
          };
        }
        const value = Reflect.get(target, key, target);
        if (typeof value === 'function') return value.bind(target);
        if (typeof key !== 'string') return value;
        const resolved = resolveThemeVars(value);
        return resolved === value ? value : normalised(kebab(key), resolved);
      },
    });
  };
}
