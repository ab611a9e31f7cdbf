// Types of the jest-dom matchers (`toBeInTheDocument`, …) that scripts/jest/setup-dom.cjs installs.
import '@testing-library/jest-dom';
