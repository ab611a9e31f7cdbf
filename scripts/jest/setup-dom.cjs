require('@testing-library/jest-dom');

// findBy*/waitFor wait 1 s by default. CI runs every package's tests at once on two
// cores, where a lazily loaded toast or a route change can take longer than that
// (flows.test.tsx's sign-in toast failed that way under load and passed alone). A
// longer wait changes no verdict: what never appears still fails, only later.
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
