// Types of the jest-dom matchers (`toBeInTheDocument`, `toHaveStyle`, …) that
// scripts/jest/setup-dom.cjs installs at run time.
import '@testing-library/jest-dom';
